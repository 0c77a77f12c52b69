import type { Centrifuge } from 'centrifuge';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { until } from '../realtime/test-support.js';
import { createClock, createRoom, listen, newPlayer, type TestPlayer } from '../rooms/test-support.js';
import { startRoomsServer, type RoomsServer } from '../test-support/rooms-server.js';
import { request } from '../test-support/http.js';

const clock = createClock();
let server: RoomsServer;
const clients: Centrifuge[] = [];
beforeAll(async () => {
  server = await startRoomsServer({ clock });
});
afterAll(async () => {
  for (const client of clients) client.disconnect();
  await server?.close();
});

const call = (p: TestPlayer, path: string, method = 'POST', body?: unknown) =>
  request(`${server.url}${path}`, { token: p.token, method, ...(body === undefined ? {} : { body }) });

describe('GET presence/summary', () => {
  it('counts who is connected, who plays and which rooms wait; a player who leaves is no longer online', async () => {
    const summary = async () =>
      (
        await request<{ online: number; playing: number; rooms_waiting: number }>(`${server.url}/api/v1/presence/summary`, {
          token: watcher.token,
        })
      ).body;
    const watcher = await newPlayer(server.url);
    clock.advance(60_000); // past the node's reuse of an earlier summary
    const before = await summary();

    const [a, b, c] = [await newPlayer(server.url), await newPlayer(server.url), await newPlayer(server.url)];
    const client = await listen(server.wsUrl, a, [`#${a.id}`], []);
    clients.push(await listen(server.wsUrl, b, [`#${b.id}`], []));
    const roomId = await createRoom(server.url, c);
    await call(a, `/api/v1/rooms/${roomId}/seat`, 'POST', {});
    await call(a, `/api/v1/rooms/${roomId}/ready`);
    await call(c, `/api/v1/rooms/${roomId}/ready`);
    await createRoom(server.url, b);

    // Within the reuse window the node answers the same numbers.
    expect(await summary()).toEqual(before);
    clock.advance(6_000);
    const after = await summary();
    expect(after).toEqual({ online: before.online + 2, playing: before.playing + 2, rooms_waiting: before.rooms_waiting + 1 });

    client.disconnect();
    await until(async () => {
      clock.advance(6_000);
      return (await summary()).online === before.online + 1;
    });
  });

  it('needs a signed-in caller', async () => {
    expect((await request(`${server.url}/api/v1/presence/summary`)).status).toBe(401);
  });
});
