import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeUser, type TestUser } from '../admin/test-support.js';
import { request } from '../test-support/http.js';
import { startTestServer, type TestServer } from '../test-support/server.js';

// FEATURES.md §10: every list answers `{items, links}` (DESIGN.md §9), banners and assets
// included, and `GET /api/emoji` pages by `page` and `limit`.
let server: TestServer;
let admin: TestUser;
let player: TestUser;
beforeAll(async () => {
  server = await startTestServer();
  admin = await placeUser(server, { roles: ['player', 'admin'] });
  player = await placeUser(server);
});
afterAll(async () => server?.close());

type List = { items: { id: number }[]; links: { next: string | null; previous: string | null } };

describe('every list answers {items, links}', () => {
  it.each([
    ['/api/banner', 'player'],
    ['/api/admin/banner', 'admin'],
    ['/api/assets/all-assets', 'player'],
    ['/api/assets/user-assets', 'player'],
  ] as const)('%s', async (path, who) => {
    const answer = await request<List>(`${server.url}${path}`, { token: (who === 'admin' ? admin : player).token });
    expect(answer.status).toBe(200);
    expect(Array.isArray(answer.body.items)).toBe(true);
    expect(answer.body.links).toEqual({ next: null, previous: null });
  });
});

describe('GET /api/emoji', () => {
  it('pages by page and limit, with links to the neighbours', async () => {
    const all = await request<List & { items: { id: number }[] }>(`${server.url}/api/emoji?limit=100`, { token: player.token });
    expect(all.body.items.length).toBeGreaterThan(3);
    expect(all.body.links).toEqual({ next: null, previous: null });

    const first = await request<List & { items: { id: number }[] }>(`${server.url}/api/emoji?page=1&limit=2`, { token: player.token });
    expect(first.body.items.map((e) => e.id)).toEqual(all.body.items.slice(0, 2).map((e) => e.id));
    expect(first.body.links.next).toBe('/api/emoji?page=2&limit=2');
    expect(first.body.links.previous).toBeNull();
    const second = await request<List & { items: { id: number }[] }>(`${server.url}${first.body.links.next}`, { token: player.token });
    expect(second.body.items.map((e) => e.id)).toEqual(all.body.items.slice(2, 4).map((e) => e.id));
    expect(second.body.links.previous).toBe('/api/emoji?page=1&limit=2');
  });

  it.each([
    ['page=0', 'page'],
    ['limit=1000', 'limit'],
    ['page=x', 'page'],
  ])('refuses %s with 400 naming the field', async (query, field) => {
    const answer = await request<{ error: { code: string; details: { field: string } } }>(`${server.url}/api/emoji?${query}`, {
      token: player.token,
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error.details.field).toBe(field);
  });
});
