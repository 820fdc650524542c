import type { FastifyInstance } from 'fastify';
import { accountRoutes } from '@parley/contracts/account';
import { AppError } from '../../platform/errors';
import { addRoute } from '../../platform/http';
import type { SessionsService } from '../../platform/sessions';
import type { CaptchaService } from '../../platform/captcha';
import type { AccountService } from './account.service';

export interface AccountRoutesDeps {
  account: AccountService;
  sessions: SessionsService;
  captcha: CaptchaService;
  appConfig: () => { title: string; hideSignup: boolean; enableAds: boolean; adBannerUrl: string | null };
  authRateLimitPerMinute: number;
}

export function registerAccountRoutes(app: FastifyInstance, deps: AccountRoutesDeps) {
  const { account, sessions, captcha } = deps;
  const tag = 'Account';
  const limited = deps.authRateLimitPerMinute;

  addRoute(app, accountRoutes.appConfig, { permission: 'public', tag }, async () => deps.appConfig());

  addRoute(
    app,
    accountRoutes.captcha,
    { permission: 'public', tag, rateLimitPerMinute: limited * 3 },
    async ({ query }) => captcha.issue(query.purpose, query.kind),
  );

  addRoute(
    app,
    accountRoutes.login,
    { permission: 'public', tag, audit: 'account.login', rateLimitPerMinute: limited },
    async (context) => {
      const { result, user } = await account.login(context.body, { ip: context.ip, userAgent: context.userAgent });
      context.request.auditActor = { enterpriseId: user.enterpriseId, userId: user.id };
      return result;
    },
  );

  addRoute(
    app,
    accountRoutes.verify,
    { permission: 'public', tag, audit: 'account.login.verify', rateLimitPerMinute: limited },
    async (context) => {
      const { result, user } = await account.verifyLogin(context.body, {
        ip: context.ip,
        userAgent: context.userAgent,
      });
      context.request.auditActor = { enterpriseId: user.enterpriseId, userId: user.id };
      return result;
    },
  );

  addRoute(app, accountRoutes.logout, { permission: 'public', tag, audit: 'account.logout' }, async ({ request }) => {
    if (request.auth) await sessions.revokeOwn(request.auth.userId, request.auth.sessionId);
    return {};
  });

  addRoute(app, accountRoutes.me, { permission: 'authenticated', tag }, async ({ session }) =>
    account.me(session().userId),
  );

  addRoute(
    app,
    accountRoutes.signup,
    { permission: 'public', tag, audit: false, rateLimitPerMinute: limited },
    async ({ body }) => account.signup(body),
  );

  addRoute(
    app,
    accountRoutes.activate,
    { permission: 'public', tag, audit: false, rateLimitPerMinute: limited },
    async ({ params }) => account.activate(params.id),
  );

  addRoute(
    app,
    accountRoutes.recover,
    { permission: 'public', tag, audit: false, rateLimitPerMinute: limited },
    async ({ body }) => account.recover(body),
  );

  addRoute(
    app,
    accountRoutes.resetPassword,
    { permission: 'public', tag, audit: false, rateLimitPerMinute: limited },
    async ({ body }) => account.resetPassword(body),
  );

  addRoute(
    app,
    accountRoutes.changePassword,
    { permission: 'authenticated', tag, audit: 'account.password.change', rateLimitPerMinute: limited },
    async ({ session, body }) => account.changePassword(session(), body),
  );

  addRoute(
    app,
    accountRoutes.twoFactorSetup,
    { permission: 'authenticated', tag, audit: 'account.twoFactor.setup' },
    async ({ session }) => account.startTwoFactor(session().userId),
  );

  addRoute(
    app,
    accountRoutes.twoFactorEnable,
    { permission: 'authenticated', tag, audit: 'account.twoFactor.enable', rateLimitPerMinute: limited },
    async ({ session, body }) => account.enableTwoFactor(session().userId, body.code),
  );

  addRoute(
    app,
    accountRoutes.twoFactorDisable,
    { permission: 'authenticated', tag, audit: 'account.twoFactor.disable', rateLimitPerMinute: limited },
    async ({ session, body }) => account.disableTwoFactor(session().userId, body.code),
  );

  addRoute(
    app,
    accountRoutes.twoFactorRecoveryCodes,
    { permission: 'authenticated', tag, audit: 'account.twoFactor.recoveryCodes', rateLimitPerMinute: limited },
    async ({ session, body }) => account.regenerateRecoveryCodes(session().userId, body.code),
  );

  addRoute(
    app,
    accountRoutes.updateProfile,
    { permission: 'authenticated', tag, audit: 'account.profile.update' },
    async ({ session, body }) => account.updateProfile(session(), body),
  );

  addRoute(app, accountRoutes.preferences, { permission: 'authenticated', tag }, async ({ session }) =>
    account.preferences(session().userId),
  );

  addRoute(
    app,
    accountRoutes.updatePreferences,
    { permission: 'authenticated', tag, audit: 'account.preferences.update' },
    async ({ session, body }) => account.updatePreferences(session(), body),
  );

  addRoute(app, accountRoutes.sessions, { permission: 'authenticated', tag }, async ({ session }) => {
    const auth = session();
    const rows = await sessions.list(auth.userId);
    return {
      sessions: rows.map((row) => ({
        id: row.id,
        createdAt: row.createdAt.toISOString(),
        lastSeenAt: row.lastSeenAt.toISOString(),
        userAgent: row.userAgent,
        ip: row.ip,
        current: row.id === auth.sessionId,
      })),
    };
  });

  addRoute(
    app,
    accountRoutes.revokeSession,
    { permission: 'authenticated', tag, audit: 'account.session.revoke' },
    async ({ session, params }) => {
      if (!(await sessions.revokeOwn(session().userId, params.id))) throw new AppError('NOT_FOUND');
      return {};
    },
  );
}
