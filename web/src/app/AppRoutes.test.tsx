import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fail, installFakeApi, ok } from '../test/fake-api';
import { renderWithRouter } from '../test/render-app';
import { sessionUserWithRoles } from '../test/session-users';
import { setSessionToken, getSessionToken } from '../lib/session-token';
import { setSessionEndHandler } from '../lib/session-end';
import { AppRoutes } from './AppRoutes';
import { navigateOutsideReact } from './navigation-bridge';
import { installSessionLifecycle } from './session-lifecycle';
import { realtime } from './shell/realtime-connection';

class SilentSocket {
  readyState = 0;
  onopen = null;
  onmessage = null;
  onclose = null;
  onerror = null;
  send() {}
  close() {}
}

function renderApp(initialPath: string) {
  const view = renderWithRouter(<AppRoutes />, { initialPath });
  installSessionLifecycle({ queryClient: view.queryClient, navigate: navigateOutsideReact });
  return view;
}

const MAIL_ID = '5e5e0000-0000-4000-8000-000000000001';

describe('console routes', () => {
  beforeEach(() => {
    vi.stubGlobal('WebSocket', SilentSocket);
  });
  afterEach(() => {
    realtime.stop();
    setSessionEndHandler(null);
  });

  it('sends a visitor without a session to /login', async () => {
    const api = installFakeApi({
      'GET /api/app-config': ok({ title: 'Parley', hideSignup: false, enableAds: false, adBannerUrl: null }),
      'GET /api/account/captcha': ok({ captchaId: MAIL_ID, captcha: 'data:image/svg+xml;base64,PHN2Zy8+' }),
    });
    const { pathname } = renderApp('/dashboard');
    await waitFor(() => expect(pathname()).toBe('/login'));
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(api.calls('GET /api/account/me')).toHaveLength(0);
  });

  it('welcomes the Administrator inside the shell', async () => {
    setSessionToken('tok');
    const api = installFakeApi({ 'GET /api/account/me': ok(sessionUserWithRoles([1])) });
    renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Welcome To Acme Console!' })).toBeInTheDocument();
    const nav = within(screen.getByRole('navigation'));
    expect(nav.getByRole('heading', { name: 'MANAGE' })).toBeInTheDocument();
    expect(nav.getByRole('link', { name: 'Users' })).toBeInTheDocument();
    expect(api.calls('GET /api/account/me')[0]?.headers.authtoken).toBe('tok');
  }, 20_000);

  it('shows the announcement banner when the server enables ads, until it is hidden', async () => {
    setSessionToken('tok');
    installFakeApi({
      'GET /api/account/me': ok(sessionUserWithRoles([1])),
      'GET /api/app-config': ok({
        title: 'Acme',
        hideSignup: false,
        enableAds: true,
        adBannerUrl: 'https://ads.example/b.png',
      }),
    });
    renderApp('/dashboard');
    const banner = await screen.findByRole('img', { name: 'Announcement banner' });
    expect(banner).toHaveAttribute('src', 'https://ads.example/b.png');
    await userEvent.click(screen.getByRole('button', { name: 'Hide banner' }));
    expect(screen.queryByRole('img', { name: 'Announcement banner' })).not.toBeInTheDocument();
    expect(sessionStorage.getItem('parley.adBannerDismissed')).toBe('1');
    sessionStorage.clear();
  });

  it("says 'Page not found' for an unknown path, with a way home and its tab title", async () => {
    setSessionToken('tok');
    installFakeApi({
      'GET /api/account/me': ok(sessionUserWithRoles([1])),
      'GET /api/app-config': ok({ title: 'Acme Parley', hideSignup: false, enableAds: false, adBannerUrl: null }),
    });
    const { pathname } = renderApp('/no/such/screen');
    expect(await screen.findByRole('heading', { name: 'Page not found', level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Welcome To Acme Console!' })).not.toBeInTheDocument();
    expect(pathname()).toBe('/no/such/screen');
    await waitFor(() => expect(document.title).toBe('Page not found · Acme Parley'));
    await userEvent.click(screen.getByRole('link', { name: 'Go to the Dashboard' }));
    expect(await screen.findByRole('heading', { name: 'Welcome To Acme Console!' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Dashboard · Acme Parley'));
  }, 15_000);

  it('sends a deep link without a session to /login and back to that page once signed in', async () => {
    installFakeApi({
      'GET /api/app-config': ok({ title: 'Parley', hideSignup: false, enableAds: false, adBannerUrl: null }),
      'GET /api/account/captcha': ok({ captchaId: MAIL_ID, captcha: 'data:image/svg+xml;base64,PHN2Zy8+' }),
      'GET /api/account/me': ok(sessionUserWithRoles([1])),
      'GET /api/admin/outbox': ok({ mails: [], more: false }),
    });
    const view = renderApp('/admin/outbox?from=0');
    await waitFor(() => expect(view.currentPath()).toBe('/login?next=%2Fadmin%2Foutbox%3Ffrom%3D0'));
    await screen.findByRole('button', { name: 'Sign In' });
    await waitFor(() => expect(document.title).toBe('Sign In · Parley'));

    // A stored session (signed in in another tab, or just now) opens the page asked for, in place of /login.
    setSessionToken('tok');
    await view.router.navigate('/login?next=%2Fadmin%2Foutbox%3Ffrom%3D0');
    expect(await screen.findByRole('heading', { name: 'Mail Outbox' })).toBeInTheDocument();
    expect(view.currentPath()).toBe('/admin/outbox?from=0');
    expect(view.router.state.historyAction).toBe('REPLACE');
  }, 15_000);

  it('never returns to another site after signing in', async () => {
    setSessionToken('tok');
    installFakeApi({ 'GET /api/account/me': ok(sessionUserWithRoles([1])) });
    const view = renderApp('/login?next=%2F%2Fevil.example%2Fx');
    expect(await screen.findByRole('heading', { name: 'Welcome To Acme Console!' })).toBeInTheDocument();
    expect(view.pathname()).toBe('/dashboard');
  });

  it('offers a skip link first and moves the focus to the new page heading after a navigation', async () => {
    setSessionToken('tok');
    installFakeApi({
      'GET /api/account/me': ok(sessionUserWithRoles([1])),
      'GET /api/admin/outbox': ok({ mails: [], more: false }),
    });
    const user = userEvent.setup();
    renderApp('/dashboard');
    const welcome = await screen.findByRole('heading', { name: 'Welcome To Acme Console!' });
    expect(welcome).not.toHaveFocus();
    await user.tab();
    const skip = screen.getByRole('link', { name: 'Skip to main content' });
    expect(skip).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(welcome).toHaveFocus();

    await user.click(
      within(screen.getByRole('navigation', { name: 'Main navigation' })).getByRole('link', { name: 'Mail Outbox' }),
    );
    const heading = await screen.findByRole('heading', { name: 'Mail Outbox', level: 1 });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByTestId('route-announcer')).toHaveTextContent('Mail Outbox');
    expect(document.title).toBe('Mail Outbox · Parley');
  }, 15_000);

  it('shows a coming-soon page for a menu entry not built yet', async () => {
    setSessionToken('tok');
    installFakeApi({ 'GET /api/account/me': ok(sessionUserWithRoles([1])) });
    renderApp('/admin/trash');
    expect(await screen.findByRole('heading', { name: 'Trash', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('This screen is coming soon')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Trash' })).toHaveAttribute('aria-current', 'page');
  });

  it.each([
    ['/billing', 'Billing'],
    ['/voice-configuration/create', 'Voice Configuration'],
    ['/designer/journey/j1', 'Journey designer'],
    ['/graph', 'Dashboard graph'],
  ])('gives %s of the route table its own coming-soon page', async (path, title) => {
    setSessionToken('tok');
    installFakeApi({ 'GET /api/account/me': ok(sessionUserWithRoles([1])) });
    renderApp(path);
    expect(await screen.findByRole('heading', { name: title, level: 1 })).toBeInTheDocument();
    expect(screen.getByText('This screen is coming soon')).toBeInTheDocument();
  });

  it('relays the dialog360 redirect to the console window and thanks the user', async () => {
    const posted: unknown[] = [];
    class FakeChannel {
      constructor(readonly name: string) {}
      postMessage(message: unknown) {
        posted.push([this.name, message]);
      }
      close() {}
    }
    vi.stubGlobal('BroadcastChannel', FakeChannel);
    setSessionToken('tok');
    installFakeApi({ 'GET /api/account/me': ok(sessionUserWithRoles([1])) });
    renderApp('/dialog360-redirect?client=c1&channels=[ch1]');
    expect(await screen.findByRole('heading', { name: 'Thank you' })).toBeInTheDocument();
    // The relay runs in an effect after the page renders.
    await waitFor(() => expect(posted).toEqual([['dialog360-redirect', { client: 'c1', channels: '[ch1]' }]]));
    vi.unstubAllGlobals();
  });

  it('says a screen the user may not open is forbidden, at its own address', async () => {
    setSessionToken('tok');
    installFakeApi({ 'GET /api/account/me': ok(sessionUserWithRoles([3])) });
    const { pathname } = renderApp('/admin/users');
    expect(await screen.findByRole('heading', { name: 'Access Denied', level: 1 })).toBeInTheDocument();
    expect(screen.getByText(/You do not have permission to open this page/)).toBeInTheDocument();
    expect(pathname()).toBe('/admin/users');
    expect(screen.queryByRole('heading', { name: 'Welcome To Acme Console!' })).not.toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Access Denied · Parley'));
  });

  it('logs out with "Session Expired! Please login" when the stored token is no longer valid', async () => {
    setSessionToken('stale');
    installFakeApi({
      'GET /api/account/me': fail(401, 1401, 'Session Expired! Please login', { login_required: true }),
      'GET /api/app-config': ok({ title: 'Parley', hideSignup: false, enableAds: false, adBannerUrl: null }),
      'GET /api/account/captcha': ok({ captchaId: MAIL_ID, captcha: 'data:image/svg+xml;base64,PHN2Zy8+' }),
    });
    const { pathname } = renderApp('/dashboard');
    expect(await screen.findByText('Session Expired! Please login')).toBeInTheDocument();
    await waitFor(() => expect(pathname()).toBe('/login'));
    expect(getSessionToken()).toBeNull();
  });

  it('signs out from the profile menu', async () => {
    setSessionToken('tok');
    const api = installFakeApi({
      'GET /api/account/me': ok(sessionUserWithRoles([1], { artifactsEnabled: true })),
      'POST /api/account/logout': ok({}),
      'GET /api/app-config': ok({ title: 'Parley', hideSignup: false, enableAds: false, adBannerUrl: null }),
      'GET /api/account/captcha': ok({ captchaId: MAIL_ID, captcha: 'data:image/svg+xml;base64,PHN2Zy8+' }),
    });
    const { pathname } = renderApp('/dashboard');
    await userEvent.click(await screen.findByRole('button', { name: /Profile menu/ }));
    expect(await screen.findByRole('menuitem', { name: 'My Profile' })).toHaveAttribute('href', '/details/myprofile');
    expect(screen.getByRole('menuitem', { name: 'My Library' })).toHaveAttribute('href', '/content-library');
    await userEvent.click(screen.getByRole('menuitem', { name: 'Sign Out' }));
    await waitFor(() => expect(pathname()).toBe('/login'));
    expect(api.calls('POST /api/account/logout')).toHaveLength(1);
    expect(getSessionToken()).toBeNull();
  });

  it('lists the outbox and opens a mail with clickable links', async () => {
    setSessionToken('tok');
    const mail = {
      id: MAIL_ID,
      to: 'new.user@example.com',
      subject: 'Reset your password',
      text: 'Open http://localhost:3000/reset-password?uId=1&eId=2&resetCode=3 to continue.',
      html: null,
      createdAt: '2026-11-21T10:00:00.000Z',
    };
    const api = installFakeApi({
      'GET /api/account/me': ok(sessionUserWithRoles([1])),
      'GET /api/admin/outbox': ok({ mails: [mail], more: true }),
      [`GET /api/admin/outbox/${MAIL_ID}`]: ok(mail),
    });
    const { pathname } = renderApp('/admin/outbox');
    expect(await screen.findByRole('heading', { name: 'Mail Outbox' })).toBeInTheDocument();
    const row = await screen.findByRole('row', { name: /Reset your password/ });
    expect(within(row).getByText('new.user@example.com')).toBeInTheDocument();
    expect(api.calls('GET /api/admin/outbox')[0]?.query.toString()).toBe('from=0&perPage=20');

    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(api.calls('GET /api/admin/outbox').at(-1)?.query.get('from')).toBe('20'));

    await userEvent.click(await screen.findByText('new.user@example.com'));
    await waitFor(() => expect(pathname()).toBe(`/admin/outbox/${MAIL_ID}`));
    expect(await screen.findByRole('heading', { name: 'Reset your password' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /reset-password\?uId=1/ })).toHaveAttribute(
      'href',
      'http://localhost:3000/reset-password?uId=1&eId=2&resetCode=3',
    );
  });

  it('counts a single page of mails and shows no pager', async () => {
    setSessionToken('tok');
    const mail = {
      id: MAIL_ID,
      to: 'new.user@example.com',
      subject: 'Activate Your Account',
      text: 'Hello',
      html: null,
      createdAt: '2026-11-21T10:00:00.000Z',
    };
    installFakeApi({
      'GET /api/account/me': ok(sessionUserWithRoles([1])),
      'GET /api/admin/outbox': ok({ mails: [mail], more: false }),
    });
    renderApp('/admin/outbox');
    expect(await screen.findByText('1 mail')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
  });

  it('shows the empty outbox', async () => {
    setSessionToken('tok');
    installFakeApi({
      'GET /api/account/me': ok(sessionUserWithRoles([1])),
      'GET /api/admin/outbox': ok({ mails: [], more: false }),
    });
    renderApp('/admin/outbox');
    expect(await screen.findByText('No mails yet')).toBeInTheDocument();
  });
});
