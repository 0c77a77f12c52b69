import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from '../test-support/http.js';
import { startTestServer, type TestServer } from '../test-support/server.js';

let server: TestServer;
const web = join(tmpdir(), `durak-web-${process.pid}`);
beforeAll(async () => {
  mkdirSync(join(web, 'assets'), { recursive: true });
  writeFileSync(join(web, 'index.html'), '<!doctype html><title>durak</title><div id="root"></div>');
  writeFileSync(join(web, 'assets', 'app.js'), 'console.log(1)');
  server = await startTestServer({ authRateLimit: 3, publicUrl: 'https://durak.example', webDist: web });
});
afterAll(async () => {
  await server.close();
});

describe('edges of the service', () => {
  it('limits login attempts per address: the 4th in a minute is 429', async () => {
    const attempt = () =>
      request<{ error: { code: string } }>(`${server.url}/api/user/login`, { body: { username: 'x_user', password: 'wrong-pass' } });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await attempt()).status);
    expect(statuses).toEqual([401, 401, 401, 429]);
    expect((await attempt()).body.error.code).toBe('request/rate_limited');
    // Not behind a proxy: a forged X-Forwarded-For does not buy a fresh allowance.
    const spoofed = await request(`${server.url}/api/user/login`, {
      body: { username: 'x_user', password: 'wrong-pass' },
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    expect(spoofed.status).toBe(429);
  });

  // Each sign-in call has its own allowance: the login test above has spent the login one.
  it.each([
    ['registration', '/api/user/registration', (i: number) => ({ username: `limited_${i}`, password: 'password-123' })],
    ['refresh', '/api/user/refresh', () => ({ refresh_token: 'not-a-real-refresh-token' })],
    ['Telegram auth', '/api/user/telegram/auth', () => ({ init_data: 'user=%7B%22id%22%3A1%7D&hash=00' })],
  ])('limits %s per address: the 4th in a minute is 429', async (_name, path, body) => {
    const statuses: number[] = [];
    let last: { error: { code: string } } | undefined;
    for (let i = 0; i < 4; i++) {
      const res = await request<{ error: { code: string } }>(`${server.url}${path}`, { body: body(i) });
      statuses.push(res.status);
      last = res.body;
    }
    expect(statuses.slice(0, 3)).not.toContain(429);
    expect(statuses[3]).toBe(429);
    expect(last?.error.code).toBe('request/rate_limited');
  });

  it('allows cross-origin calls only from PUBLIC_URL', async () => {
    const ours = await fetch(`${server.url}/healthz`, { headers: { origin: 'https://durak.example' } });
    expect(ours.headers.get('access-control-allow-origin')).toBe('https://durak.example');
    const theirs = await fetch(`${server.url}/healthz`, { headers: { origin: 'https://evil.example' } });
    expect(theirs.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('serves the web app, with index.html for client-side routes', async () => {
    const asset = await fetch(`${server.url}/assets/app.js`);
    expect(asset.status).toBe(200);
    const page = await fetch(`${server.url}/lobby/rooms`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
  });

  it('never answers an unknown API path with the web page', async () => {
    const res = await fetch(`${server.url}/api/does-not-exist`, { headers: { accept: 'text/html' } });
    expect(res.status).toBe(404);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('request/not_found');
  });
});
