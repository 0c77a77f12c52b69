import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, request } from '../test-support/http.js';
import { startTestServer, type TestServer } from '../test-support/server.js';

let server: TestServer;
let token: string;
/** The server's log lines (pino JSON), to tell a client's mistake from a bug. */
const logLines: { level: number; msg: string }[] = [];
beforeAll(async () => {
  const logger = {
    level: 'info',
    stream: { write: (line: string) => void logLines.push(JSON.parse(line) as { level: number; msg: string }) },
  };
  server = await startTestServer({}, { logger });
  token = (await registerUser(server.url, 'picture_person')).access_token;
});
afterAll(async () => {
  await server.close();
});

async function upload(data: Buffer, filename: string, field = 'file') {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(data)]), filename);
  return request<{ avatar_url: string; error: { code: string; details?: { field?: string } } }>(`${server.url}/api/avatars/upload-image/`, {
    method: 'POST',
    raw: form,
    token,
  });
}

describe('avatar upload', () => {
  it('turns a real image into a 256×256 webp served from /uploads and sets avatar_url', async () => {
    const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#3a7' } })
      .png()
      .toBuffer();
    const res = await upload(png, 'me.png');
    expect(res.status).toBe(200);
    expect(res.body.avatar_url).toMatch(/^\/uploads\/avatars\/.+\.webp$/);
    const file = await fetch(`${server.url}${res.body.avatar_url}`);
    expect(file.status).toBe(200);
    const meta = await sharp(Buffer.from(await file.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 256, 256]);
    const me = await request<{ avatar_url: string }>(`${server.url}/api/user/users/me`, { token });
    expect(me.body.avatar_url).toBe(res.body.avatar_url);
  });

  it('a new upload replaces the old picture: the old file is gone, the new one is served', async () => {
    const png = (colour: string) =>
      sharp({ create: { width: 64, height: 64, channels: 3, background: colour } })
        .png()
        .toBuffer();
    const first = await upload(await png('#a33'), 'one.png');
    const second = await upload(await png('#33a'), 'two.png');
    expect(second.status).toBe(200);
    expect(second.body.avatar_url).not.toBe(first.body.avatar_url);
    expect((await fetch(`${server.url}${first.body.avatar_url}`)).status).toBe(404);
    expect((await fetch(`${server.url}${second.body.avatar_url}`)).status).toBe(200);
  });

  it('judges by content, not by name: text called .png is refused', async () => {
    const res = await upload(Buffer.from('definitely not an image'), 'evil.png');
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('avatar/not_an_image');
    expect(res.body.error.details?.field).toBe('file');
  });

  it('refuses SVG, which can carry script', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');
    const res = await upload(svg, 'x.svg');
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('avatar/not_an_image');
  });

  it('refuses a file over 5 MB', async () => {
    const res = await upload(Buffer.alloc(5 * 1024 * 1024 + 10, 1), 'big.png');
    expect(res.status).toBe(413);
    expect(res.body.error.code).toBe('avatar/too_large');
  });

  it('needs the multipart field named file', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const res = await upload(png, 'me.png', 'picture');
    expect(res.status).toBe(400);
    expect(res.body.error.details?.field).toBe('file');
  });

  // Mobile uploads get cut off mid-body; that is the client's connection, not a bug on our side.
  it.each([
    [
      'cut off in the middle of the file',
      (b: string) =>
        `--${b}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG half`,
    ],
    ['cut off inside the part headers', (b: string) => `--${b}\r\nContent-Disposition: form-da`],
    ['not multipart at all', () => 'just some bytes'],
  ])("a malformed body (%s) is 400 naming the file field, logged as the client's error", async (_name, body) => {
    const boundary = 'x-boundary-42';
    const errorsBefore = logLines.filter((l) => l.level >= 50).length;
    const res = await request<{ error: { code: string; details?: { field?: string } } }>(`${server.url}/api/avatars/upload-image/`, {
      method: 'POST',
      raw: body(boundary),
      token,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('request/invalid');
    expect(res.body.error.details?.field).toBe('file');
    expect(logLines.filter((l) => l.level >= 50).length).toBe(errorsBefore);
    expect(logLines.some((l) => l.level === 30 && /malformed multipart/.test(l.msg))).toBe(true);
  });

  it('a multipart body without a boundary is 400 naming the file field', async () => {
    const res = await request<{ error: { code: string; details?: { field?: string } } }>(`${server.url}/api/avatars/upload-image/`, {
      method: 'POST',
      raw: 'no boundary here',
      token,
      headers: { 'content-type': 'multipart/form-data' },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.details?.field).toBe('file');
  });

  it('needs a signed-in user', async () => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array([1, 2, 3])]), 'a.png');
    const res = await request(`${server.url}/api/avatars/upload-image/`, { method: 'POST', raw: form });
    expect(res.status).toBe(401);
  });
});
