import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './test-support/server.js';
import { testAdmin } from './test-support/credentials.js';
import { request } from './test-support/http.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

describe('the service', () => {
  it('answers health checks', async () => {
    const res = await request(`${server.url}/healthz`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
  });

  it('exposes Prometheus metrics', async () => {
    await request(`${server.url}/healthz`);
    const res = await request<string>(`${server.url}/metrics`);
    expect(res.status).toBe(200);
    expect(res.body).toContain('http_request_duration_seconds');
    expect(res.body).toContain('process_cpu_seconds_total');
  });

  it('publishes OpenAPI generated from the route schemas, and a docs page', async () => {
    const res = await request<{ openapi: string; paths: Record<string, unknown> }>(`${server.url}/api/openapi.json`);
    expect(res.status).toBe(200);
    expect(res.body.openapi).toMatch(/^3\./);
    expect(Object.keys(res.body.paths)).toEqual(
      expect.arrayContaining(['/api/user/registration', '/api/user/users/me', '/api/permission/me']),
    );
    const docs = await fetch(`${server.url}/api/docs`, { redirect: 'follow' });
    expect(docs.status).toBe(200);
    expect(await docs.text()).toContain('swagger');
  });

  it('answers an unknown API path with a stable 404 code', async () => {
    const res = await request<{ error: { code: string } }>(`${server.url}/api/nope`);
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('request/not_found');
  });

  it('seeded the first admin from the configuration', async () => {
    const res = await request(`${server.url}/api/user/login`, { body: testAdmin });
    expect(res.status).toBe(200);
    expect(server.seed.firstAdmin?.username).toBe('admin');
  });
});
