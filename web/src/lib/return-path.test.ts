import { loginPathFor, safeReturnPath } from './return-path';

describe('safeReturnPath', () => {
  it.each(['/customer-master/customers', '/bots/b1/intents?x=1#top', '/admin/audit_trail'])('keeps %s', (path) => {
    expect(safeReturnPath(path)).toBe(path);
  });

  it.each([
    null,
    '',
    'customers',
    '//evil.example/x',
    '/\\evil.example',
    'https://evil.example/',
    'javascript:alert(1)',
    '/\t/evil.example',
    '/login',
    '/',
  ])('refuses %s', (path) => {
    expect(safeReturnPath(path)).toBeNull();
  });

  it('builds the login path with the page to return to', () => {
    expect(loginPathFor('/admin/users?from=20')).toBe('/login?next=%2Fadmin%2Fusers%3Ffrom%3D20');
    expect(loginPathFor('/dashboard')).toBe('/login');
    expect(loginPathFor('//evil.example')).toBe('/login');
  });
});
