import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test-support/server.js';

let server: TestServer;
let port: number;
beforeAll(async () => {
  server = await startTestServer();
  port = Number(new URL(server.url).port);
});
afterAll(async () => {
  await server.close();
});

/** Sends `raw` bytes on a fresh socket and reads until the server closes it or answers in full. */
function exchange(raw: string): Promise<{ status: number; body: { error?: { code?: string; message?: string } } }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let text = '';
    const finish = () => {
      const [head = '', ...rest] = text.split('\r\n\r\n');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0);
      const length = Number(/content-length: (\d+)/i.exec(head)?.[1] ?? -1);
      const body = rest.join('\r\n\r\n');
      if (length >= 0 && Buffer.byteLength(body) < length) return false;
      socket.destroy();
      try {
        resolve({ status, body: JSON.parse(body.trim() === '' ? '{}' : body) });
      } catch (error) {
        reject(new Error(`not JSON: ${JSON.stringify(text.slice(0, 300))}: ${String(error)}`));
      }
      return true;
    };
    socket.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      if (text.includes('\r\n\r\n')) finish();
    });
    socket.on('end', () => void finish());
    socket.on('error', reject);
    socket.write(raw);
  });
}

describe('refusals before any route answer in the {error:{code,message}} shape', () => {
  it('headers over 16 KB: 431 request/header_too_large', async () => {
    const res = await exchange(`GET /api/v1/rooms/ HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(17 * 1024)}\r\n\r\n`);
    expect(res.status).toBe(431);
    expect(res.body.error?.code).toBe('request/header_too_large');
  });

  it('broken chunked framing: 400 request/invalid', async () => {
    const res = await exchange(
      'POST /api/user/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n',
    );
    expect(res.status).toBe(400);
    expect(res.body.error?.code).toBe('request/invalid');
  });

  it('a malformed request line: 400 request/invalid', async () => {
    const res = await exchange('GET / HTTP/1.1 extra\r\nHost: x\r\n\r\n');
    expect(res.status).toBe(400);
    expect(res.body.error?.code).toBe('request/invalid');
  });

  it('a body over the limit: 413 request/body_too_large', async () => {
    const body = JSON.stringify({ username: 'a'.repeat(server.config.bodyLimit + 10), password: 'x' });
    const res = await exchange(
      `POST /api/user/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`,
    );
    expect(res.status).toBe(413);
    expect(res.body.error?.code).toBe('request/body_too_large');
  });

  it('an unsupported media type: 415 request/unsupported_media_type', async () => {
    const res = await exchange(
      'POST /api/user/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/xml\r\nContent-Length: 7\r\nConnection: close\r\n\r\n<a></a>',
    );
    expect(res.status).toBe(415);
    expect(res.body.error?.code).toBe('request/unsupported_media_type');
  });
});
