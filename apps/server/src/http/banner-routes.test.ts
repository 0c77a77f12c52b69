import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { form, picture, placeUser, type TestUser } from '../admin/test-support.js';
import { request } from '../test-support/http.js';
import { startTestServer, type TestServer } from '../test-support/server.js';

interface BannerBody {
  id: number;
  name: string;
  description: string;
  captions: Record<string, string>;
  start_date: string;
  end_date: string;
  image: string;
  width: number;
  height: number;
  position: number;
}
interface ErrorAnswer {
  error: { code: string; message: string; details?: { field?: string } };
}

let clock = new Date('2026-06-01T12:00:00Z');
let server: TestServer;
let admin: TestUser;
let player: TestUser;
let png: Buffer;

beforeAll(async () => {
  server = await startTestServer({}, { now: () => clock });
  admin = await placeUser(server, { roles: ['player', 'admin'] });
  player = await placeUser(server);
  png = await picture(640, 200);
});
afterAll(async () => {
  await server.close();
});
beforeEach(async () => {
  clock = new Date('2026-06-01T12:00:00Z');
  // Tokens are signed on the test clock, so each test signs afresh.
  admin = { ...admin, token: await server.services.tokens.signAccessToken(admin.id, ['player', 'admin']) };
  player = { ...player, token: await server.services.tokens.signAccessToken(player.id, ['player']) };
  const all = await request<{ items: BannerBody[] }>(`${server.url}/api/admin/banner`, { token: admin.token });
  for (const b of all.body.items) await request(`${server.url}/api/banner/${b.id}`, { method: 'DELETE', token: admin.token });
});

const url = (path: string) => `${server.url}${path}`;
const bannerFiles = () => {
  try {
    return readdirSync(join(server.config.uploadDir, 'banners'));
  } catch {
    return [];
  }
};

async function create(fields: Record<string, string>, image: Buffer | null = png) {
  return request<BannerBody & ErrorAnswer>(url('/api/banner'), {
    token: admin.token,
    raw: form(fields, image ? { data: image } : undefined),
  });
}
const june = { start_date: '2026-06-01T00:00:00Z', end_date: '2026-07-01T00:00:00Z' };
const activeNames = async (token = player.token) =>
  (await request<{ items: BannerBody[] }>(url('/api/banner'), { token })).body.items.map((b) => b.name);

describe('banners', () => {
  it('creates a banner from a PNG: stored as WebP with the same width and height', async () => {
    const res = await create({ name: 'Summer cup', description: 'Join us', ...june });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: 'Summer cup',
      description: 'Join us',
      width: 640,
      height: 200,
      start_date: '2026-06-01T00:00:00.000Z',
    });
    const file = await fetch(url(res.body.image));
    expect(file.status).toBe(200);
    const meta = await sharp(Buffer.from(await file.arrayBuffer())).metadata();
    expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({ format: 'webp', width: 640, height: 200 });
  });

  it.each(['jpeg', 'webp'] as const)('accepts %s', async (format) => {
    const res = await create({ name: format, ...june }, await picture(300, 100, format));
    expect(res.status).toBe(201);
    expect([res.body.width, res.body.height]).toEqual([300, 100]);
  });

  it('players see a banner exactly while start_date <= now < end_date', async () => {
    await create({ name: 'window', start_date: '2026-06-10T00:00:00Z', end_date: '2026-06-20T00:00:00Z' });
    const at = async (iso: string) => {
      clock = new Date(iso);
      return activeNames(await server.services.tokens.signAccessToken(player.id, ['player']));
    };
    expect(await at('2026-06-09T23:59:59.999Z')).toEqual([]);
    expect(await at('2026-06-10T00:00:00.000Z')).toEqual(['window']);
    expect(await at('2026-06-19T23:59:59.999Z')).toEqual(['window']);
    expect(await at('2026-06-20T00:00:00.000Z')).toEqual([]);
  });

  it('the admin list shows every banner, scheduled or over; the players only the active ones, in order', async () => {
    await create({ name: 'past', start_date: '2026-01-01T00:00:00Z', end_date: '2026-02-01T00:00:00Z' });
    await create({ name: 'now-a', ...june });
    await create({ name: 'future', start_date: '2027-01-01T00:00:00Z', end_date: '2027-02-01T00:00:00Z' });
    await create({ name: 'now-b', ...june });
    const all = await request<{ items: BannerBody[] }>(url('/api/admin/banner'), { token: admin.token });
    expect(all.body.items.map((b) => b.name)).toEqual(['past', 'now-a', 'future', 'now-b']);
    expect(await activeNames()).toEqual(['now-a', 'now-b']);
  });

  it('reorders with the full list in one call, and refuses a partial one without changing anything', async () => {
    const a = (await create({ name: 'a', ...june })).body.id;
    const b = (await create({ name: 'b', ...june })).body.id;
    const c = (await create({ name: 'c', ...june })).body.id;
    const partial = await request<ErrorAnswer>(url('/api/banners/order/change'), {
      method: 'PATCH',
      token: admin.token,
      body: { ids: [c, a] },
    });
    expect([partial.status, partial.body.error.details?.field]).toEqual([400, 'ids']);
    expect(await activeNames()).toEqual(['a', 'b', 'c']);
    const full = await request<{ items: BannerBody[] }>(url('/api/banners/order/change'), {
      method: 'PATCH',
      token: admin.token,
      body: { ids: [c, a, b] },
    });
    expect(full.status).toBe(200);
    expect(await activeNames()).toEqual(['c', 'a', 'b']);
    const repeated = await request<ErrorAnswer>(url('/api/banners/order/change'), {
      method: 'PATCH',
      token: admin.token,
      body: { ids: [c, c, b] },
    });
    expect(repeated.status).toBe(400);
  });

  it('PATCH changes only the fields sent; a new image replaces the old file', async () => {
    const made = (await create({ name: 'old', description: 'keep me', ...june })).body;
    const renamed = await request<BannerBody>(url(`/api/banner/${made.id}`), {
      method: 'PATCH',
      token: admin.token,
      raw: form({ name: 'new' }),
    });
    expect(renamed.body).toMatchObject({ name: 'new', description: 'keep me', image: made.image, start_date: made.start_date });
    const before = bannerFiles().length;
    const reimaged = await request<BannerBody>(url(`/api/banner/${made.id}`), {
      method: 'PATCH',
      token: admin.token,
      raw: form({}, { data: await picture(100, 50) }),
    });
    expect(reimaged.body).toMatchObject({ name: 'new', width: 100, height: 50 });
    expect(reimaged.body.image).not.toBe(made.image);
    expect(bannerFiles().length).toBe(before);
    const badEnd = await request<ErrorAnswer>(url(`/api/banner/${made.id}`), {
      method: 'PATCH',
      token: admin.token,
      raw: form({ end_date: '2026-05-01T00:00:00Z' }),
    });
    expect([badEnd.status, badEnd.body.error.details?.field]).toEqual([400, 'end_date']);
  });

  it('DELETE removes the banner and its file; a second DELETE is 404', async () => {
    const made = (await create({ name: 'gone', ...june })).body;
    const files = bannerFiles().length;
    expect((await request(url(`/api/banner/${made.id}`), { method: 'DELETE', token: admin.token })).status).toBe(204);
    expect(bannerFiles().length).toBe(files - 1);
    const again = await request<ErrorAnswer>(url(`/api/banner/${made.id}`), { method: 'DELETE', token: admin.token });
    expect([again.status, again.body.error.code]).toEqual([404, 'banner/not_found']);
  });

  it.each([
    ['name missing', { ...june }, 'name'],
    ['name blank', { name: '  ', ...june }, 'name'],
    ['start_date not a date', { name: 'x', start_date: 'tomorrow', end_date: june.end_date }, 'start_date'],
    ['end_date missing', { name: 'x', start_date: june.start_date }, 'end_date'],
    ['end before start', { name: 'x', start_date: june.end_date, end_date: june.start_date }, 'end_date'],
    ['end equal to start', { name: 'x', start_date: june.start_date, end_date: june.start_date }, 'end_date'],
    ['unknown field', { name: 'x', ...june, colour: 'red' }, 'colour'],
    ['a NUL character in the name', { name: 'a\u0000b', ...june }, 'name'],
  ])('refuses %s with 400 naming the field, writing nothing', async (_case, fields, field) => {
    const files = bannerFiles().length;
    const res = await create(fields as Record<string, string>);
    expect([res.status, res.body.error.code, res.body.error.details?.field]).toEqual([400, 'request/invalid', field]);
    expect(bannerFiles().length).toBe(files);
  });

  it('refuses a missing image, a non-image, an SVG and a GIF by their content, writing nothing', async () => {
    const files = bannerFiles().length;
    const missing = await create({ name: 'x', ...june }, null);
    expect([missing.status, missing.body.error.details?.field]).toEqual([400, 'image']);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#fff' } })
      .gif()
      .toBuffer();
    for (const data of [Buffer.from('not an image at all'), svg, gif]) {
      const res = await create({ name: 'x', ...june }, data);
      expect([res.status, res.body.error.code]).toEqual([400, 'banner/not_an_image']);
    }
    expect(bannerFiles().length).toBe(files);
    expect((await request<{ items: unknown[] }>(url('/api/admin/banner'), { token: admin.token })).body.items).toEqual([]);
  });

  it('refuses an image over 5 MB with 413, writing nothing', async () => {
    const huge = Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024)]);
    const res = await create({ name: 'x', ...june }, huge);
    expect([res.status, res.body.error.code]).toEqual([413, 'banner/too_large']);
    expect(bannerFiles()).toHaveLength(0);
  });

  it('every write is in the audit log with before and after', async () => {
    const made = (await create({ name: 'audited', ...june })).body;
    const reason = { 'x-audit-reason': encodeURIComponent('Опечатка в названии') };
    await request(url(`/api/banner/${made.id}`), {
      method: 'PATCH',
      token: admin.token,
      raw: form({ name: 'audited 2' }),
      headers: reason,
    });
    const log = await request<{
      items: {
        action: string;
        resource: string;
        before: { name?: string } | null;
        after: { name?: string } | null;
        ip: string;
        reason: string | null;
      }[];
    }>(url('/api/admin/audit?limit=5'), { token: admin.token });
    const [update, created] = log.body.items;
    expect(update).toMatchObject({
      action: 'banner.update',
      resource: `banner:${made.id}`,
      before: { name: 'audited' },
      after: { name: 'audited 2' },
      reason: 'Опечатка в названии',
    });
    expect(created).toMatchObject({ action: 'banner.create', before: null, after: { name: 'audited' }, reason: null });
    expect(update?.ip).toMatch(/127\.0\.0\.1/);
  });
  it('keeps a caption per language beside the default one; players get them all; PATCH replaces the set', async () => {
    const captions = JSON.stringify({ en: 'Spring cup', uk: 'Весняний кубок', kk: 'Көктемгі кубок' });
    const made = await create({ name: 'cup', description: 'Весенний кубок', captions, ...june });
    expect(made.status).toBe(201);
    expect(made.body.captions).toEqual({ en: 'Spring cup', uk: 'Весняний кубок', kk: 'Көктемгі кубок' });
    const seen = (await request<{ items: BannerBody[] }>(url('/api/banner'), { token: player.token })).body.items;
    expect(seen.map((b) => [b.description, b.captions])).toEqual([
      ['Весенний кубок', { en: 'Spring cup', uk: 'Весняний кубок', kk: 'Көктемгі кубок' }],
    ]);
    const patched = await request<BannerBody>(url(`/api/banner/${made.body.id}`), {
      method: 'PATCH',
      token: admin.token,
      raw: form({ captions: JSON.stringify({ lt: 'Pavasario taurė' }) }),
    });
    expect([patched.status, patched.body.captions, patched.body.description]).toEqual([200, { lt: 'Pavasario taurė' }, 'Весенний кубок']);
    // A banner made without captions has none: every player sees the default caption.
    expect((await create({ name: 'plain', ...june })).body.captions).toEqual({});
  });

  it.each([
    ['a language outside the 15', { fr: 'Coupe' }, 'captions.fr'],
    ['an empty caption', { en: '  ' }, 'captions.en'],
    ['a caption over 1000 characters', { en: 'x'.repeat(1001) }, 'captions.en'],
    ['a list instead of an object', ['en'], 'captions'],
    ['text that is not JSON', 'en=Cup', 'captions'],
  ])('refuses captions with %s: 400 naming the field, nothing written', async (_case, captions, field) => {
    const files = bannerFiles().length;
    const raw = typeof captions === 'string' ? captions : JSON.stringify(captions);
    const res = await create({ name: 'x', captions: raw, ...june });
    expect([res.status, res.body.error.code, res.body.error.details?.field]).toEqual([400, 'request/invalid', field]);
    expect(bannerFiles().length).toBe(files);
    const made = (await create({ name: 'y', ...june })).body;
    const patch = await request<ErrorAnswer>(url(`/api/banner/${made.id}`), {
      method: 'PATCH',
      token: admin.token,
      raw: form({ captions: raw }),
    });
    expect([patch.status, patch.body.error.details?.field]).toEqual([400, field]);
  });
});
