import { signInRoutes as contractRoutes } from '@parley/contracts/sign-in';
import { signInRoutes } from './sign-in-routes';

describe('signInRoutes (the login page’s calls without zod)', () => {
  it('has every call of the contract, with its method and path', () => {
    expect(Object.keys(signInRoutes).sort()).toEqual(Object.keys(contractRoutes).sort());
    for (const [name, route] of Object.entries(contractRoutes)) {
      expect({ name, ...signInRoutes[name as keyof typeof contractRoutes] }).toEqual({
        name,
        method: route.method,
        path: route.path,
      });
    }
  });
});
