import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { get, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test-support/server.js';
import { webCacheControl } from './web-static.js';

// A web build in miniature, precompressed by the real build step.
const web = mkdtempSync(join(tmpdir(), 'durak-web-static-'));
const script = `console.log(${JSON.stringify('a line of the app '.repeat(200))});\n`;
const page = `<!doctype html><title>durak</title><div id="root"></div><!-- ${'padding '.repeat(100)} -->`;
let server: TestServer;

beforeAll(async () => {
  mkdirSync(join(web, 'assets'), { recursive: true });
  writeFileSync(join(web, 'index.html'), page);
  writeFileSync(join(web, 'assets', 'index-B1CzV04Z.js'), script);
  writeFileSync(join(web, 'assets', 'button.mp3'), Buffer.alloc(64, 1));
  const build = spawnSync(process.execPath, [fileURLToPath(new URL('../../../../scripts/precompress.mjs', import.meta.url)), web], {
    encoding: 'utf8',
  });
  expect(build.status, build.stderr).toBe(0);
  server = await startTestServer({ webDist: web });
});
afterAll(async () => {
  await server.close();
  rmSync(web, { recursive: true, force: true });
});

/** A raw GET (fetch would decompress and hide what was sent). */
function raw(path: string, headers: Record<string, string>): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((done, fail) => {
    get(`${server.url}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    }).on('error', fail);
  });
}

describe('the web app on first load', () => {
  it('the build step leaves a brotli and a gzip copy beside each text file', () => {
    expect(existsSync(join(web, 'assets', 'index-B1CzV04Z.js.br'))).toBe(true);
    expect(existsSync(join(web, 'assets', 'index-B1CzV04Z.js.gz'))).toBe(true);
    expect(existsSync(join(web, 'assets', 'button.mp3.br'))).toBe(false);
  });

  it('sends brotli to a browser that accepts it, typed as JavaScript and varying by encoding', async () => {
    const res = await raw('/assets/index-B1CzV04Z.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.body.length).toBeLessThan(script.length / 4);
    expect(brotliDecompressSync(res.body).toString()).toBe(script);
  });

  it('sends gzip to a browser that accepts only gzip', async () => {
    const res = await raw('/assets/index-B1CzV04Z.js', { 'accept-encoding': 'gzip' });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(res.body).toString()).toBe(script);
  });

  it('sends the plain file to a client that accepts no compression', async () => {
    const res = await raw('/assets/index-B1CzV04Z.js', { 'accept-encoding': 'identity' });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.body.toString()).toBe(script);
  });

  it('lets a browser keep a hashed asset for a year without asking again', async () => {
    const res = await raw('/assets/index-B1CzV04Z.js', { 'accept-encoding': 'br' });
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('has a browser ask again for a file whose name has no hash (it changes under that name)', async () => {
    const res = await raw('/assets/button.mp3', { 'accept-encoding': 'br' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.etag).toBeTruthy();
  });

  it.each([['/'], ['/index.html'], ['/games']])('sends index.html for %s compressed and revalidated on every visit', async (path) => {
    const res = await raw(path, { accept: 'text/html', 'accept-encoding': 'gzip, br' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(res.body).toString()).toBe(page);
  });
});

describe('webCacheControl', () => {
  it.each([
    ['/dist/assets/index-B1CzV04Z.js', 'public, max-age=31536000, immutable'],
    ['/dist/assets/index-B1CzV04Z.js.br', 'public, max-age=31536000, immutable'],
    ['/dist/assets/es-ga-D9xG2hYr.svg', 'public, max-age=31536000, immutable'],
    ['/dist/assets/throw-beat1.mp3', 'no-cache'],
    ['/dist/locales/en/common.json', 'no-cache'],
    ['/dist/index.html.gz', 'no-cache'],
  ])('%s: %s', (path, expected) => {
    expect(webCacheControl(path)).toBe(expected);
  });
});
