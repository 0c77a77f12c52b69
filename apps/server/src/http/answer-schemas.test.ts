import * as protocol from '@durak/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startTestServer, type TestServer } from '../test-support/server.js';
import type { RegisteredRoute } from './answer-schemas.js';

/**
 * One contract for HTTP as for realtime: every success a route answers is a schema of
 * `@durak/protocol` (the web imports the same), never a shape written in the server, a record of
 * anything or `unknown`. The only answer without a body is a 204's `null`.
 */

const isZod = (value: unknown): value is z.ZodType => typeof value === 'object' && value !== null && '_zod' in value;
const protocolSchemas = new Set<unknown>(Object.values(protocol).filter(isZod));
const shapeless = new Set(['record', 'unknown', 'any']);

function problemsOf(route: RegisteredRoute): string[] {
  const name = `${route.method} ${route.url}`;
  const successes = route.answers.filter((a) => a.status.startsWith('2'));
  if (successes.length === 0) return [`${name}: no 2xx answer declared`];
  return successes.flatMap(({ status, schema }) => {
    if (!isZod(schema)) return [`${name} ${status}: not a zod schema`];
    const type = schema._zod.def.type;
    if (status === '204') return type === 'null' ? [] : [`${name} 204: a body on "no content"`];
    if (shapeless.has(type)) return [`${name} ${status}: a ${type}, not a shape`];
    return protocolSchemas.has(schema) ? [] : [`${name} ${status}: not a schema exported by @durak/protocol`];
  });
}

const route = (status: string, schema: unknown): RegisteredRoute => ({
  method: 'GET',
  url: '/api/x',
  isHidden: false,
  answers: [{ method: 'GET', url: '/api/x', status, schema }],
});

describe('the check itself', () => {
  it.each([
    ['a record of anything', route('200', z.record(z.string(), z.unknown()))],
    ['unknown', route('200', z.unknown())],
    ['a shape written in the server', route('200', z.object({ ok: z.boolean() }))],
    ['a body on 204', route('204', protocol.room)],
    ['only an error answer', route('4xx', protocol.errorBody)],
  ])('refuses %s', (_name, candidate) => {
    expect(problemsOf(candidate)).toHaveLength(1);
  });

  it('accepts a protocol schema and a 204 null', () => {
    expect(problemsOf(route('200', protocol.watchState))).toEqual([]);
    expect(problemsOf(route('204', z.null()))).toEqual([]);
  });
});

describe('every route answers in a protocol schema', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it('declares each 2xx answer with a schema exported by @durak/protocol', () => {
    const routes = server.app.registeredRoutes;
    expect(routes.length).toBeGreaterThan(100);
    // The JSON API; /metrics answers Prometheus' text format.
    const api = routes.filter((r) => r.url.startsWith('/api/') || r.answers.length > 0);
    expect(api.flatMap(problemsOf)).toEqual([]);
  });
});
