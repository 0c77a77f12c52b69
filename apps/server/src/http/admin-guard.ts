import { pageLinks } from './paging.js';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { TokenService } from '../accounts/tokens.js';
import type { AuditActor } from '../audit/audit.js';
import { hasPermission, type Permission } from '../permissions/permissions.js';
import { authenticate, callerOf, markSignIn } from './auth-hooks.js';
import { sendFailure } from './errors.js';

/**
 * onRequest guard of an admin call: signed in, and holding at least one of `anyOf`, or 401/403.
 * It runs before the body is read or validated, so a caller without the right learns nothing
 * about the call's input and an upload is refused before a byte of it is stored. Deny by
 * default: a route without a guard is a route nobody listed a permission for, which the
 * role x call test catches.
 */
export function guard(tokens: TokenService, ...anyOf: [Permission, ...Permission[]]): onRequestAsyncHookHandler {
  const signedIn = authenticate(tokens);
  const hook = async function (this: unknown, request: FastifyRequest, reply: FastifyReply) {
    await signedIn.call(this as never, request, reply);
    if (reply.sent) return reply;
    const roles = callerOf(request).roles;
    if (!anyOf.some((permission) => hasPermission(roles, permission))) {
      await sendFailure(reply, { code: 'auth/forbidden', message: 'You may not do this', details: { permission: anyOf.join(' | ') } });
      return reply;
    }
  };
  return markSignIn(Object.assign(hook, { [guardedBy]: anyOf }));
}

/**
 * `guard`, except that a caller `isOwn` says the call is theirs passes without the permission (an
 * arena's player pausing themselves, FEATURES.md §15). Still checked before the body is read, and
 * still listed among the guarded routes: everyone else needs the permission.
 */
export function guardUnless(
  tokens: TokenService,
  permission: Permission,
  isOwn: (request: FastifyRequest) => Promise<boolean>,
): onRequestAsyncHookHandler {
  const signedIn = authenticate(tokens);
  const admin = guard(tokens, permission);
  const hook = async function (this: unknown, request: FastifyRequest, reply: FastifyReply) {
    await signedIn.call(this as never, request, reply);
    if (reply.sent) return reply;
    if (await isOwn(request)) return;
    return admin.call(this as never, request, reply);
  };
  return markSignIn(Object.assign(hook, { [guardedBy]: [permission] }));
}

const guardedBy = Symbol('permissions of a guard');

export interface GuardedRoute {
  readonly method: string;
  readonly url: string;
  readonly permissions: readonly Permission[];
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route behind `guard`, as registered (tests walk them: each refuses a player before its body). */
    guardedRoutes: readonly GuardedRoute[];
  }
}

/**
 * Records every route registered after it whose onRequest carries a `guard`. A route that checks
 * a permission anywhere later (a preValidation or preHandler) would validate the body first and
 * describe an admin form to a player, so `guard` is the only permission check routes use.
 */
export function recordGuardedRoutes(app: FastifyInstance): void {
  const routes: GuardedRoute[] = [];
  app.decorate('guardedRoutes', routes);
  app.addHook('onRoute', (route) => {
    const hooks = [route.onRequest ?? []].flat() as unknown[];
    const methods = [route.method].flat().filter((m) => m !== 'HEAD');
    for (const hook of hooks) {
      const permissions = (hook as { [guardedBy]?: readonly Permission[] } | undefined)?.[guardedBy];
      if (permissions) for (const method of methods) routes.push({ method, url: route.url, permissions });
    }
  });
}

/**
 * The audit actor of a guarded request. The reason of a confirmed action travels in the
 * `X-Audit-Reason` header (URI-encoded: header values are Latin-1, reasons are in any language),
 * so calls without a body of their own (DELETE) carry it too.
 */
export function actorOf(request: FastifyRequest): AuditActor {
  return { id: callerOf(request).id, ip: request.ip, reason: reasonOf(request.headers['x-audit-reason']) };
}

function reasonOf(header: string | string[] | undefined): string | null {
  const raw = Array.isArray(header) ? header[0] : header;
  if (!raw) return null;
  let text: string;
  try {
    text = decodeURIComponent(raw);
  } catch {
    text = raw;
  }
  return text.trim().slice(0, 500) || null;
}

/** `links` of a page of `total` rows (DESIGN.md §9). */
export function pageLinksOfTotal(
  request: FastifyRequest,
  page: number,
  limit: number,
  total: number,
): { next: string | null; previous: string | null } {
  return pageLinks(request, page, page * limit < total);
}

export const security = [{ bearer: [] }];
