import type { Centrifuge } from 'centrifuge';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emojiCatalogue } from '../catalogue/catalogue.js';
import { until } from '../realtime/test-support.js';
import { createRoom, listen, newPlayer, type Captured } from '../rooms/test-support.js';
import { startRoomsServer, type RoomsServer } from '../test-support/rooms-server.js';
import { request } from '../test-support/http.js';

let server: RoomsServer;
const clients: Centrifuge[] = [];
beforeAll(async () => {
  server = await startRoomsServer({ rooms: { emojiPer10s: 3 } });
});
afterAll(async () => {
  for (const c of clients) c.disconnect();
  await server?.close();
});

const throwable = emojiCatalogue.find((e) => e.isThrowable)!;
const ownOnly = emojiCatalogue.find((e) => !e.isThrowable)!;

describe('send-emoji', () => {
  it('throwable only at another player, the others only at oneself; broadcast on the room channel; rate-limited', async () => {
    const [a, b, outsider] = [await newPlayer(server.url), await newPlayer(server.url), await newPlayer(server.url)];
    const id = await createRoom(server.url, a, { player_count: 3 });
    await request(`${server.url}/api/v1/rooms/${id}/seat`, { token: b.token, body: {} });
    const captured: Captured[] = [];
    clients.push(await listen(server.wsUrl, b, [`room:${id}`], captured));
    const send = (from: typeof a, to: typeof a, emoji: number | string) =>
      request<{ error?: { code: string } }>(`${server.url}/api/v1/send-emoji/${id}/`, {
        token: from.token,
        body: { recipient: { player_id: to.id, username: to.username }, emoji },
      });

    expect((await send(a, b, throwable.id)).status).toBe(200);
    expect((await send(a, a, ownOnly.name)).status).toBe(200);
    expect((await send(a, a, throwable.id)).body.error?.code).toBe('emoji/not_allowed');
    expect((await send(a, b, ownOnly.id)).body.error?.code).toBe('emoji/not_allowed');
    expect((await send(a, outsider, throwable.id)).body.error?.code).toBe('emoji/not_allowed');
    expect((await send(outsider, a, throwable.id)).body.error?.code).toBe('room/not_seated');
    expect((await send(a, b, 99_999)).status).toBe(404);

    await until(() => captured.filter((c) => c.data.type === 'emoji').length === 2);
    expect(captured.find((c) => c.data.type === 'emoji')!.data).toEqual({
      type: 'emoji',
      room_id: id,
      from: { player_id: a.id, username: a.username },
      to: { player_id: b.id, username: b.username },
      emoji: { id: throwable.id, name: throwable.name, is_throwable: true },
    });

    // A spectator watching the room (present on its channel) may throw too, within the limit.
    clients.push(await listen(server.wsUrl, outsider, [`room:${id}`], []));
    expect((await send(outsider, a, throwable.id)).status).toBe(200);
    expect((await send(a, b, throwable.id)).status).toBe(200);
    const limited = await send(a, b, throwable.id);
    expect(limited.status).toBe(429);
  });

  it('GET /api/emoji lists the seeded catalogue', async () => {
    const p = await newPlayer(server.url);
    const list = await request<{ items: { id: number; name: string; is_throwable: boolean }[] }>(`${server.url}/api/emoji`, {
      token: p.token,
    });
    expect(list.body.items).toHaveLength(emojiCatalogue.length);
  });
});
