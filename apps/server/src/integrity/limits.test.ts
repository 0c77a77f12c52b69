import type { ResultPayload } from '@durak/protocol';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isAtStake, standInLevel } from '../games/stand-in.js';
import { recordFinishedGame } from '../players/record-game.js';
import { createClock, createRoom, type TestPlayer } from '../rooms/test-support.js';
import { startRoomsServer, type RoomsServer } from '../test-support/rooms-server.js';
import type { RoomRow } from '../room-core/room-store.js';
import { signInEvents } from '../store/integrity-schema.js';
import { playerStats, referralBonuses } from '../store/players-schema.js';
import { gameEvents, rooms } from '../store/rooms-schema.js';
import { registerUser, request } from '../test-support/http.js';

// The limits that make farming pointless before anyone looks (FEATURES.md §12).
const clock = createClock(Date.parse('2026-11-20T12:00:00Z'));
let server: RoomsServer;
beforeAll(async () => {
  server = await startRoomsServer({ clock });
});
afterAll(async () => server?.close());

let counter = 0;
/** A player who registered (and so signed in) from `deviceId`. */
async function playerOn(deviceId: string | undefined, parent?: TestPlayer): Promise<TestPlayer> {
  const username = `lim${process.pid % 1000}x${++counter}`;
  const extra = { ...(deviceId === undefined ? {} : { device_id: deviceId }), ...(parent ? { pr: parent.id } : {}) };
  const { access_token: token } = await registerUser(server.url, username, 'password-123', extra);
  const me = await request<{ id: number }>(`${server.url}/api/user/users/me`, { token });
  return { id: me.body.id, username, token, url: server.url };
}

const seat = (roomId: number, p: TestPlayer) =>
  request<{ error?: { code: string } }>(`${server.url}/api/v1/rooms/${roomId}/seat`, { token: p.token, body: {} });

describe('sign-in events', () => {
  it('registration, sign-in and a bad device id: the device and address are recorded, bad input names the field', async () => {
    const ann = await playerOn('dev-ann-0001');
    const login = await request(`${server.url}/api/user/login`, {
      body: { username: ann.username, password: 'password-123', device_id: 'dev-ann-phone' },
    });
    expect(login.status).toBe(200);
    const rows = await server.store.db.select().from(signInEvents).where(eq(signInEvents.userId, ann.id)).orderBy(signInEvents.id);
    expect(rows.map((r) => [r.kind, r.deviceId, r.address])).toEqual([
      ['register', 'dev-ann-0001', '127.0.0.1'],
      ['login', 'dev-ann-phone', '127.0.0.1'],
    ]);
    const bad = await request<{ error: { code: string; details: { field: string } } }>(`${server.url}/api/user/login`, {
      body: { username: ann.username, password: 'password-123', device_id: 'a b' },
    });
    expect([bad.status, bad.body.error.code, bad.body.error.details.field]).toEqual([400, 'request/invalid', 'device_id']);
  });
});

describe('linked accounts at one bet table', () => {
  it('an account signed in from the same device cannot sit at a bet table with the other; a stranger can', async () => {
    const owner = await playerOn('dev-ring-0001');
    const second = await playerOn('dev-other-0001');
    // The second account signs in once from the owner's device: the two are linked from now on.
    const login = await request(`${server.url}/api/user/login`, {
      body: { username: second.username, password: 'password-123', device_id: 'dev-ring-0001' },
    });
    expect(login.status).toBe(200);
    const roomId = await createRoom(server.url, owner, { player_count: 3 });
    const refused = await seat(roomId, second);
    expect([refused.status, refused.body.error?.code]).toEqual([409, 'room/linked_accounts']);
    const stranger = await playerOn('dev-stranger-01');
    expect((await seat(roomId, stranger)).status).toBe(200);
    // A shared address alone never blocks: every test player comes from 127.0.0.1.
    const neighbour = await playerOn(undefined);
    expect((await seat(roomId, neighbour)).status).toBe(200);
  });
});

/** Records one finished 1-vs-1 game of `winner` over `loser` the way a game's end does. */
async function finishGame(winner: TestPlayer, loser: TestPlayer, causes: Record<string, (string | null)[]> = {}): Promise<number> {
  const roomId = await createRoom(server.url, winner);
  const [room] = await server.store.db.select().from(rooms).where(eq(rooms.id, roomId));
  let seq = 0;
  for (const [player, list] of Object.entries(causes))
    for (const cause of list)
      await server.store.db.insert(gameEvents).values({ roomId, seq: ++seq, action: { type: 'beat', player }, events: [], cause });
  const results: ResultPayload[] = [
    { player_id: String(winner.id), result: 'victory', place: 1, amount: '95', result_reason: 'normal' },
    { player_id: String(loser.id), result: 'defeat', place: 2, amount: '-100', result_reason: 'normal' },
  ];
  await server.store.withTransaction((tx) => recordFinishedGame(tx, room as RoomRow, results, clock.now()));
  return roomId;
}

const bonusDue = async (friend: TestPlayer) =>
  (await server.store.db.select().from(referralBonuses).where(eq(referralBonuses.friendId, friend.id))).length;

const invitedBy = (parent: TestPlayer, deviceId: string) => playerOn(deviceId, parent);

describe('the referral bonus', () => {
  it('is due only after 5 finished games against 3 different opponents', async () => {
    const inviter = await playerOn('dev-inviter-01');
    const friend = await invitedBy(inviter, 'dev-friend-001');
    const [a, b, c] = [await playerOn('dev-opp-a-0001'), await playerOn('dev-opp-b-0001'), await playerOn('dev-opp-c-0001')];
    // The farming script: one surrender to the inviter pays nothing any more.
    await finishGame(inviter, friend);
    expect(await bonusDue(friend)).toBe(0);
    for (const opponent of [a, b, a]) await finishGame(opponent, friend);
    expect(await bonusDue(friend)).toBe(0);
    // The fifth game: five games against three opponents (the inviter, a and b).
    await finishGame(friend, b);
    expect(await bonusDue(friend)).toBe(1);
    // A sixth game changes nothing: once.
    await finishGame(friend, c);
    expect(await bonusDue(friend)).toBe(1);
  });

  it('five games against only two opponents pay nothing', async () => {
    const inviter = await playerOn('dev-inviter-02');
    const friend = await invitedBy(inviter, 'dev-friend-002');
    const [a, b] = [await playerOn('dev-opp-d-0001'), await playerOn('dev-opp-e-0001')];
    for (const opponent of [a, b, a, b, a]) await finishGame(opponent, friend);
    expect(await bonusDue(friend)).toBe(0);
  });

  it('is never paid between linked accounts, whatever the games', async () => {
    const inviter = await playerOn('dev-same-phone');
    const friend = await invitedBy(inviter, 'dev-same-phone');
    const others = [await playerOn('dev-opp-f-0001'), await playerOn('dev-opp-g-0001'), await playerOn('dev-opp-h-0001')];
    for (const opponent of [...others, ...others]) await finishGame(friend, opponent);
    expect(await bonusDue(friend)).toBe(0);
  });
});

describe('the stand-in where something is at stake', () => {
  it('plays the middle level at a bet or a tournament table, hard only in practice', () => {
    const lobby = { betAmount: 100n, tournamentId: null, botLevel: null };
    expect([isAtStake(lobby), standInLevel(lobby)]).toEqual([true, 'normal']);
    const cup = { betAmount: 0n, tournamentId: 7, botLevel: null };
    expect([isAtStake(cup), standInLevel(cup)]).toEqual([true, 'normal']);
    const practice = { betAmount: 0n, tournamentId: null, botLevel: 'easy' };
    expect([isAtStake(practice), standInLevel(practice)]).toEqual([false, 'hard']);
  });

  it('a seat the stand-in played more than half of keeps its rating; a seat it played half of is rated', async () => {
    const [ann, bob, cat, dan] = [
      await playerOn('dev-si-a'),
      await playerOn('dev-si-b'),
      await playerOn('dev-si-c'),
      await playerOn('dev-si-d'),
    ];
    const ratingOf = async (p: TestPlayer) =>
      (await server.store.db.select({ rating: playerStats.rating }).from(playerStats).where(eq(playerStats.userId, p.id)))[0]?.rating ??
      1500;
    // Ann wins a game the stand-in played 3 of her 5 moves in: no rating for it.
    await finishGame(ann, bob, { [ann.id]: ['stand_in', 'stand_in', 'stand_in', null, null], [bob.id]: [null, null, null] });
    expect(await ratingOf(ann)).toBe(1500);
    expect(await ratingOf(bob)).toBeLessThan(1500);
    // Cat wins with the stand-in playing exactly half: rated as usual.
    await finishGame(cat, dan, { [cat.id]: ['stand_in', 'stand_in', null, null], [dan.id]: [null, null] });
    expect(await ratingOf(cat)).toBeGreaterThan(1500);
  });
});
