// FEATURES.md §17: no way to find a friend by name. GET /api/users/search?username=
import type { Centrifuge } from 'centrifuge';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen, newPlayer, type TestPlayer } from '../rooms/test-support.js';
import { startRoomsServer, type RoomsServer } from '../test-support/rooms-server.js';
import { registerUser, request } from '../test-support/http.js';
import { SEARCHES_PER_MINUTE } from './user-search.js';

type Answer = {
  items: { user_id: number; username: string; avatar: string | null; is_online: boolean }[];
  error?: { code: string; details?: { field?: string } };
};

let server: RoomsServer;
let caller: TestPlayer;
const clients: Centrifuge[] = [];
beforeAll(async () => {
  server = await startRoomsServer();
  caller = await newPlayer(server.url, 'seeker');
});
afterAll(async () => {
  for (const c of clients) c.disconnect();
  await server?.close();
});

const search = (text: string, who = caller) =>
  request<Answer>(`${server.url}/api/users/search?username=${encodeURIComponent(text)}`, { token: who.token });

describe('GET /api/users/search', () => {
  it('finds names by prefix in any letter case and through look-alike letters, with who is online', async () => {
    await registerUser(server.url, 'Marmalade_1');
    await registerUser(server.url, 'marmot_2');
    await registerUser(server.url, 'other_3');
    const online = await newPlayer(server.url, 'marmoset');
    clients.push(await listen(server.wsUrl, online, [`#${online.id}`], []));

    const found = await search('MARM');
    expect(found.status).toBe(200);
    expect(found.body.items.map((i) => i.username)).toEqual(['Marmalade_1', online.username, 'marmot_2']);
    expect(found.body.items.find((i) => i.user_id === online.id)?.is_online).toBe(true);
    expect(found.body.items.find((i) => i.username === 'marmot_2')?.is_online).toBe(false);
    // A Cyrillic "а" and "о" in the query.
    expect((await search('mаrmоt')).body.items.map((i) => i.username)).toEqual(['marmot_2']);
  });

  it('never lists the caller, treats % and _ as letters, and gives at most 20', async () => {
    expect((await search(caller.username)).body.items).toEqual([]);
    expect((await search('%')).body.items).toEqual([]);
    for (let i = 0; i < 22; i++) await registerUser(server.url, `crowd_${String(i).padStart(2, '0')}`);
    expect((await search('crowd_')).body.items).toHaveLength(20);
  });

  it.each([
    ['no username', ''],
    ['an empty one', '?username=%20'],
    ['one over 32 characters', `?username=${'a'.repeat(33)}`],
  ])('400 naming username for %s', async (_name, query) => {
    const res = await request<Answer>(`${server.url}/api/users/search${query}`, { token: caller.token });
    expect([res.status, res.body.error?.details?.field]).toEqual([400, 'username']);
  });

  it(`is limited to ${SEARCHES_PER_MINUTE} searches a minute per player`, async () => {
    const busy = await newPlayer(server.url, 'busy');
    const statuses: number[] = [];
    for (let i = 0; i <= SEARCHES_PER_MINUTE; i++) statuses.push((await search('zz', busy)).status);
    expect(statuses.slice(0, SEARCHES_PER_MINUTE).every((s) => s === 200)).toBe(true);
    expect(statuses[SEARCHES_PER_MINUTE]).toBe(429);
  });
});
