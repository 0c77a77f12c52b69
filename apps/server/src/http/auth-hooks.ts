import { asUserId, type Role, type UserId } from '@durak/protocol';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { TokenService } from '../accounts/tokens.js';
import { sendFailure } from './errors.js';

export interface AuthUser {
  readonly id: UserId;
  readonly roles: readonly Role[];
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `authenticate` from the Bearer access token. */
    authUser?: AuthUser;
  }
}

const tokenFailures = {
  expired: { code: 'auth/token_expired', message: 'The access token has expired' },
  invalid: { code: 'auth/token_invalid', message: 'The access token is not valid' },
  // The client refreshes as for an expired token; after a ban or sign-out everywhere that fails too.
  revoked: { code: 'auth/token_revoked', message: 'The access token was revoked: sign in again' },
} as const;

const signsIn = Symbol('a sign-in hook');

/**
 * onRequest: requires `Authorization: Bearer <access token>` and sets `request.authUser`. Every
 * route that needs a signed-in caller checks it here, in onRequest, before the body is read or
 * validated: signed out is 401 whatever the body (`recordSignedInRoutes` refuses any other hook).
 */
export function authenticate(tokens: TokenService): onRequestAsyncHookHandler {
  const hook = async function (request: FastifyRequest, reply: FastifyReply) {
    const header = request.headers.authorization;
    const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
    if (!match?.[1]) {
      await sendFailure(reply, { code: 'auth/token_missing', message: 'Authorization: Bearer <access token> is required' });
      return reply;
    }
    const checked = await tokens.verifyAccessToken(match[1]);
    if (!checked.ok) {
      await sendFailure(reply, tokenFailures[checked.reason]);
      return reply;
    }
    request.authUser = { id: asUserId(checked.userId), roles: checked.roles };
  };
  return markSignIn(hook);
}

/** Marks a hook that signs the caller in (`authenticate`, and the admin guards built on it). */
export function markSignIn<H extends object>(hook: H): H {
  return Object.assign(hook, { [signsIn]: true });
}

const isSignIn = (hook: unknown) => typeof hook === 'function' && (hook as { [signsIn]?: boolean })[signsIn] === true;

export interface SignedInRoute {
  readonly method: string;
  readonly url: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route that needs a signed-in caller, as registered (a test asks each signed out). */
    signedInRoutes: readonly SignedInRoute[];
  }
}

/**
 * Records every route registered after it that signs its caller in, and refuses to register one
 * that does so anywhere but onRequest: a preValidation would read the body first, a preHandler
 * would validate it first and answer a signed-out caller 400 with the form's rules.
 */
export function recordSignedInRoutes(app: FastifyInstance): void {
  const routes: SignedInRoute[] = [];
  app.decorate('signedInRoutes', routes);
  app.addHook('onRoute', (route) => {
    const hooks = (name: 'onRequest' | 'preParsing' | 'preValidation' | 'preHandler') => [route[name] ?? []].flat() as unknown[];
    for (const later of ['preParsing', 'preValidation', 'preHandler'] as const)
      if (hooks(later).some(isSignIn)) throw new Error(`${route.url}: sign-in belongs in onRequest, not ${later}`);
    if (!hooks('onRequest').some(isSignIn)) return;
    for (const method of [route.method].flat().filter((m) => m !== 'HEAD')) routes.push({ method, url: route.url });
  });
}

/** The authenticated caller; only for handlers behind `authenticate` (a missing user is a wiring bug). */
export function callerOf(request: FastifyRequest): AuthUser {
  if (!request.authUser) throw new Error(`route ${request.url} is missing the authenticate onRequest hook`);
  return request.authUser;
}
