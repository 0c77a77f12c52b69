import { asUserId, type Role, type UserId } from '@durak/protocol';
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
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

/** preHandler: requires `Authorization: Bearer <access token>` and sets `request.authUser`. */
export function authenticate(tokens: TokenService): preHandlerAsyncHookHandler {
  return async function (request: FastifyRequest, reply: FastifyReply) {
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
}

/** The authenticated caller; only for handlers behind `authenticate` (a missing user is a wiring bug). */
export function callerOf(request: FastifyRequest): AuthUser {
  if (!request.authUser) throw new Error(`route ${request.url} is missing the authenticate preHandler`);
  return request.authUser;
}
