import type { RouteContract } from '@parley/contracts/envelope';
import type { signInRoutes as contractRoutes } from '@parley/contracts/sign-in';

type ContractRoutes = typeof contractRoutes;

/**
 * A contract route reduced to what `apiRequest` reads at run time (method and path), still typed
 * as the contract's route so that bodies, queries and answers keep their types.
 */
function withoutSchemas<R extends RouteContract>(route: Pick<R, 'method' | 'path'>): R {
  return route as R;
}

/**
 * The calls of the login page (`signInRoutes` of the contracts) without their zod schemas:
 * importing the contract's values would put zod (~27 kB gzip) into the login page's JavaScript,
 * over its budget (docs/decisions/003). The server validates with the schemas and the contract
 * stays the one description of the calls: `sign-in-routes.test.ts` fails when a method or path
 * here differs from it.
 */
export const signInRoutes = {
  appConfig: withoutSchemas<ContractRoutes['appConfig']>({ method: 'GET', path: '/api/app-config' }),
  captcha: withoutSchemas<ContractRoutes['captcha']>({ method: 'GET', path: '/api/account/captcha' }),
  login: withoutSchemas<ContractRoutes['login']>({ method: 'POST', path: '/api/account/login' }),
  verify: withoutSchemas<ContractRoutes['verify']>({ method: 'POST', path: '/api/account/login/verify' }),
} satisfies Record<keyof ContractRoutes, RouteContract>;
