import type { RoomPayload } from '@durak/protocol';
import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPlayer } from '../rooms/test-support.js';
import { startRoomsServer, type RoomsServer } from '../test-support/rooms-server.js';
import { rooms } from '../store/rooms-schema.js';
import { request } from '../test-support/http.js';

let server: RoomsServer;
beforeAll(async () => {
  server = await startRoomsServer();
});
afterAll(async () => server?.close());

const practice = { bots: 1, bot_level: 'easy', deck_size: 36, balance_type: 'BONUS_BALANCE' } as const;

describe('one practice room per user, held by the database', () => {
  // The reproduction: 15 creations at once made 14 rooms on PostgreSQL, each having read "none running".
  it('15 concurrent creations by one user make exactly one room; the others are refused with its id', async () => {
    const player = await newPlayer(server.url);
    const replies = await Promise.all(
      Array.from({ length: 15 }, () =>
        request<RoomPayload & { error: { code: string; details: { room_id: number } } }>(`${server.url}/api/v1/rooms/`, {
          token: player.token,
          body: practice,
        }),
      ),
    );
    const made = replies.filter((r) => r.status === 201);
    expect(made).toHaveLength(1);
    const refused = replies.filter((r) => r.status !== 201);
    expect(new Set(refused.map((r) => `${r.status} ${r.body.error.code} ${r.body.error.details.room_id}`))).toEqual(
      new Set([`409 room/practice_running ${made[0]!.body.id}`]),
    );
    const rows = await server.store.db
      .select({ id: rooms.id })
      .from(rooms)
      .where(and(eq(rooms.creatorId, player.id), isNotNull(rooms.botLevel)));
    expect(rows).toHaveLength(1);
  });

  it('a player who left their practice game may start another', async () => {
    const player = await newPlayer(server.url);
    const first = await request<RoomPayload>(`${server.url}/api/v1/rooms/`, { token: player.token, body: practice });
    expect((await request(`${server.url}/api/v1/rooms/${first.body.id}/leave`, { token: player.token, method: 'POST' })).status).toBe(200);
    const second = await request<RoomPayload>(`${server.url}/api/v1/rooms/`, { token: player.token, body: practice });
    expect(second.status).toBe(201);
    expect(second.body.id).not.toBe(first.body.id);
  });
});
