import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../store/schema.js';
import { request } from '../test-support/http.js';
import { startTestServer, type TestServer } from '../test-support/server.js';
import { placeUser, type TestUser } from './test-support.js';

type Found = {
  items: { id: number; username: string; country: string | null; telegram_id: string | null; roles: string[] }[];
  total: number;
  links: { next: string | null; previous: string | null };
};

let server: TestServer;
let admin: TestUser;
let player: TestUser;
const ids: Record<string, number> = {};

beforeAll(async () => {
  server = await startTestServer();
  admin = await placeUser(server, { roles: ['player', 'admin'], name: 'op_admin' });
  player = await placeUser(server, { name: 'op_player' });
  for (const [name, country] of [
    ['Volodya_K', 'UA'],
    ['volkov', 'RU'],
    ['VOLGA_river', null],
    ['vo%l_trick', null],
    ['anna', 'UA'],
  ] as const) {
    ids[name] = (await placeUser(server, { name, ...(country ? { country } : {}) })).id;
  }
  await server.services.store.db.update(users).set({ telegramId: 777_000_123n }).where(eq(users.id, ids.anna!));
});
afterAll(async () => server?.close());

const search = (query: string, token = admin.token) =>
  request<Found & { error?: { code: string; details?: { field?: string } } }>(`${server.url}/api/admin/users?${query}`, { token });
const names = (found: Found) => found.items.map((u) => u.username);

describe('GET /api/admin/users', () => {
  it('finds usernames by prefix whatever the letter case, in name order', async () => {
    expect(names((await search('search=VOL')).body)).toEqual(['VOLGA_river', 'volkov', 'Volodya_K']);
    expect(names((await search('search=volo')).body)).toEqual(['Volodya_K']);
  });

  it('folds look-alike letters: a Cyrillic "о" finds the Latin one', async () => {
    expect(names((await search(`search=${encodeURIComponent('vоlk')}`)).body)).toEqual(['volkov']);
  });

  it('takes % and _ as letters, not wildcards', async () => {
    expect(names((await search(`search=${encodeURIComponent('vo%')}`)).body)).toEqual(['vo%l_trick']);
    expect(names((await search(`search=${encodeURIComponent('vo_')}`)).body)).toEqual([]);
  });

  it('finds a user by id and by Telegram id', async () => {
    expect(names((await search(`search=${ids.volkov}`)).body)).toContain('volkov');
    const byTelegram = (await search('search=777000123')).body;
    expect(byTelegram.items).toMatchObject([{ username: 'anna', telegram_id: '777000123', country: 'UA' }]);
  });

  it('lists one country, or the users without one, paged with links', async () => {
    expect(names((await search('country=ua')).body)).toEqual(['anna', 'Volodya_K']);
    const none = (await search('country=none&search=vo&limit=1')).body;
    expect(none.total).toBe(2);
    expect(none.items).toHaveLength(1);
    expect(none.links.next).toContain('page=2');
  });

  it('refuses bad input with 400 naming the field, and a player with 403', async () => {
    const badCountry = await search('country=Ukraine');
    expect([badCountry.status, badCountry.body.error?.details?.field]).toEqual([400, 'country']);
    const badLimit = await search('limit=1000');
    expect([badLimit.status, badLimit.body.error?.details?.field]).toEqual([400, 'limit']);
    expect((await search('search=vol', player.token)).status).toBe(403);
  });
});
