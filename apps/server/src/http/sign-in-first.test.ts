import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TokenService } from '../accounts/tokens.js';
import { request } from '../test-support/http.js';
import { startTestServer, type TestServer } from '../test-support/server.js';
import { authenticate, recordSignedInRoutes } from './auth-hooks.js';

type ErrorReply = { error: { code: string; message: string } };

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

/** A body no call accepts: were it validated before sign-in, the answer would be 400 naming a field. */
const bogus = { name: 5, amount: 'lots', ids: 'x', cards: 7, body: { deep: [1, 2, 3] } };
/** Params and a query no call accepts either. */
const pathOf = (url: string) => `${url.replace(/:\w+/g, 'not-an-id')}?page=-1&limit=lots&kind=7`;

/** Every answer is `{error: {code, message}}` and nothing else at the top. */
function shapeOf(res: { status: number; body: unknown }): string {
  const body = res.body as ErrorReply;
  const isOurs = Object.keys(body ?? {}).join() === 'error' && typeof body.error.message === 'string';
  return `${res.status} ${isOurs ? body.error.code : `not our shape: ${JSON.stringify(body)}`}`;
}

describe('sign-in at one hook point', () => {
  it('every call documented as needing a bearer token is a signed-in route', () => {
    const doc = server.app.swagger() as { paths?: Record<string, Record<string, { security?: unknown[] }>> };
    const documented = Object.entries(doc.paths ?? {}).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([, op]) => (op.security?.length ?? 0) > 0)
        .map(([method]) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
    );
    const signedIn = server.app.signedInRoutes.map((r) => `${r.method} ${r.url}`);
    expect(documented.length).toBeGreaterThan(80);
    expect(signedIn).toEqual(expect.arrayContaining(documented));
  });

  it('a signed-out caller gets 401 in our error shape from every signed-in route, whatever the params, query and body', async () => {
    const seen: string[] = [];
    for (const route of server.app.signedInRoutes) {
      const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
      const res = await request(`${server.url}${pathOf(route.url)}`, { method: route.method, ...(hasBody ? { body: bogus } : {}) });
      seen.push(`${route.method} ${route.url} ${shapeOf(res)}`);
    }
    expect(seen.length).toBeGreaterThan(80);
    expect(seen.filter((line) => !line.endsWith(' 401 auth/token_missing'))).toEqual([]);
  });

  it('a body that is not even JSON, or not JSON at all, is 401 too when signed out', async () => {
    const routes = server.app.signedInRoutes.filter((r) => r.method === 'POST' || r.method === 'PUT' || r.method === 'PATCH');
    const seen: string[] = [];
    for (const route of routes) {
      for (const [contentType, raw] of [
        ['application/json', '{"broken": '],
        ['text/plain', 'hello'],
        ['multipart/form-data; boundary=x', '--x--'],
      ] as const) {
        const res = await request(`${server.url}${pathOf(route.url)}`, {
          method: route.method,
          headers: { 'content-type': contentType },
          raw,
        });
        seen.push(`${route.method} ${route.url} ${contentType} ${shapeOf(res)}`);
      }
    }
    expect(routes.length).toBeGreaterThan(40);
    expect(seen.filter((line) => !line.endsWith(' 401 auth/token_missing'))).toEqual([]);
  });

  it('a token that is not one is 401 auth/token_invalid before the body, on a player call and an admin call alike', async () => {
    for (const [method, path] of [
      ['POST', '/api/payments/deposit/x/GOLD'],
      ['POST', '/api/v1/rooms/'],
      ['POST', '/api/admin/promocodes'],
    ] as const) {
      const res = await request(`${server.url}${path}`, { method, token: 'not-a-token', body: bogus });
      expect(`${method} ${path} ${shapeOf(res)}`).toBe(`${method} ${path} 401 auth/token_invalid`);
    }
  });

  it('refuses to register a route that signs in at a later hook than onRequest', async () => {
    const tokens = { verifyAccessToken: async () => ({ ok: false, reason: 'invalid' }) } as unknown as TokenService;
    for (const hook of ['preParsing', 'preValidation', 'preHandler'] as const) {
      const app = Fastify();
      recordSignedInRoutes(app);
      expect(() => app.get('/late', { [hook]: authenticate(tokens) }, async () => ({}))).toThrow(
        `/late: sign-in belongs in onRequest, not ${hook}`,
      );
      app.get('/early', { onRequest: authenticate(tokens) }, async () => ({}));
      expect(app.signedInRoutes).toEqual([{ method: 'GET', url: '/early' }]);
      await app.close();
    }
  });
});
