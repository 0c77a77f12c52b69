import { isDeepStrictEqual } from 'node:util';
import { channelKindOf, messageSchemaFor } from '@durak/protocol';
import type { Centrifuge } from 'centrifuge';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emojiCatalogue } from '../catalogue/catalogue.js';
import { until } from '../realtime/test-support.js';
import {
  createClock,
  createRoom,
  listen,
  newPlayer,
  playToEnd,
  rng,
  seatAndReady,
  type Captured,
  type TestPlayer,
} from '../rooms/test-support.js';
import { startRoomsServer, type RoomsServer } from '../test-support/rooms-server.js';
import { request } from '../test-support/http.js';

const clock = createClock();
let server: RoomsServer;
const clients: Centrifuge[] = [];
beforeAll(async () => {
  server = await startRoomsServer({ clock, rooms: { readySeconds: 60 } });
});
afterAll(async () => {
  for (const c of clients) c.disconnect();
  await server?.close();
});

/**
 * The protocol's realtime schemas are the contract the web parses with (packages/protocol
 * realtime.ts). Real clients on the lobby, the room and each player's own channel collect what
 * the server publishes through a room's life, and each publication must parse by its channel's
 * schema to exactly itself: no unknown type, no missing field, and no field the schema leaves out.
 */
describe('realtime publications', () => {
  it('every publication seen during a real game satisfies the protocol schemas', async () => {
    const [a, b, c] = [await newPlayer(server.url), await newPlayer(server.url), await newPlayer(server.url)];
    const spectator = await newPlayer(server.url, 's');
    const captured: Captured[] = [];
    const own = (p: TestPlayer) => [`#${p.id}`, 'lobby'];
    for (const p of [a, b, c]) clients.push(await listen(server.wsUrl, p, own(p), captured));

    // A room whose players never press ready: their seats are lost and the room closes.
    const idle = await createRoom(server.url, a, { player_count: 2 });
    clients.push(await listen(server.wsUrl, spectator, [`room:${idle}`], captured));
    expect((await request(`${server.url}/api/v1/rooms/${idle}/seat`, { token: b.token, body: {} })).status).toBe(200);
    clock.advance(61_000);
    expect(await server.module.games.fireDue()).toBe(1);

    // A game with transfers and cheating, watched, with an emoji thrown during it.
    const roomId = await createRoom(server.url, a, { player_count: 3, is_transfer_allowed: true, is_cheating_allowed: true });
    for (const p of [a, b, c, spectator]) clients.push(await listen(server.wsUrl, p, [`room:${roomId}`], captured));
    await seatAndReady(server.url, roomId, [a, b, c]);
    const throwable = emojiCatalogue.find((e) => e.isThrowable)!;
    const thrown = await request(`${server.url}/api/v1/send-emoji/${roomId}/`, {
      token: a.token,
      body: { recipient: { player_id: b.id }, emoji: throwable.id },
    });
    expect(thrown.status).toBe(200);
    await playToEnd(server.url, roomId, [a, b, c], rng(roomId));
    await until(() => [a, b, c, spectator].every((p) => captured.some((m) => m.receiver === p.id && m.data.type === 'game_over')));
    await until(() => [a, b, c].every((p) => captured.filter((m) => m.receiver === p.id && m.data.type === 'wallet_changed').length === 2));

    const refused = captured.flatMap(({ channel, data }) => {
      const schema = messageSchemaFor(channel);
      if (!schema) return [{ channel, type: data.type, error: 'no schema for this channel' }];
      const parsed = schema.safeParse(data);
      if (!parsed.success) return [{ channel, type: data.type, error: parsed.error.message }];
      // Parsing drops fields the schema does not declare: what comes back must be all there was.
      return isDeepStrictEqual(parsed.data, data) ? [] : [{ channel, type: data.type, error: 'fields outside the schema' }];
    });
    expect(refused).toEqual([]);

    const seen = (kind: string) => new Set(captured.filter((m) => channelKindOf(m.channel) === kind).map((m) => m.data.type));
    // The test saw what it set out to see, so an empty capture cannot pass it.
    expect([...seen('lobby')].sort()).toEqual(['room_changed', 'room_created', 'room_removed']);
    expect([...seen('user')].sort()).toEqual(['hand', 'seat_lost', 'view', 'wallet_changed']);
    for (const type of ['room_changed', 'room_closed', 'game_started', 'dealt', 'played', 'turn', 'emoji', 'game_over'])
      expect(seen('room')).toContain(type);
  }, 120_000);
});
