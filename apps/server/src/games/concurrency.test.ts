import { chooseAction, legalActions, type GameView } from '@durak/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from '../test-support/http.js';
import { createTestStore } from '../test-support/store.js';
import type { Store } from '../store/db.js';
import { actionBody, createClock, ledgerSum, newPlayer, playToEnd, rng, startedRoom } from '../rooms/test-support.js';
import { startRoomsServer, type RoomsServer } from '../test-support/rooms-server.js';

let store: Store;
let server: RoomsServer;
beforeAll(async () => {
  store = await createTestStore();
  server = await startRoomsServer({ store });
});
afterAll(async () => {
  await server?.close();
  await store?.close();
});

const view = async (url: string, id: number, token: string) => (await request<GameView>(`${url}/api/v1/rooms/${id}/view`, { token })).body;

describe('simultaneous actions', () => {
  it('of the same seq: exactly one applies, the others get rule/stale_seq or a rule error and change nothing', async () => {
    const players = [await newPlayer(server.url), await newPlayer(server.url), await newPlayer(server.url)];
    const id = await startedRoom(server.url, players, { is_transfer_allowed: true });
    for (let round = 0; round < 5; round++) {
      const views = await Promise.all(players.map((p) => view(server.url, id, p.token)));
      const seq = views[0]!.seq;
      const attempts = players.flatMap((p, i) => {
        const choice = chooseAction(views[i]!, legalActions(views[i]!, String(p.id)), rng(round + i + 1));
        if (!choice) return [];
        const path = `${server.url}/api/v1/rooms/${id}/${choice.type}`;
        // Each player sends its move twice at once, as a double tap would.
        return [0, 1].map(() =>
          request<{ seq?: number; error?: { code: string } }>(path, { token: p.token, body: actionBody(choice, seq) }),
        );
      });
      const answers = await Promise.all(attempts);
      const applied = answers.filter((a) => a.status === 200);
      expect(applied).toHaveLength(1);
      expect(applied[0]!.body.seq).toBe(seq + 1);
      for (const a of answers.filter((x) => x.status !== 200)) expect(a.body.error?.code).toBe('rule/stale_seq');
      expect((await view(server.url, id, players[0]!.token)).seq).toBe(seq + 1);
    }
  });

  it('games that end at once and pay the same winners in opposite seat orders are both paid out (no deadlock)', async () => {
    // Room A seats x, y, z; room B seats y, x, z. When z leaves both at once, A pays x then y
    // and B pays y then x: paid pair by pair, the two payouts would wait on each other.
    for (let round = 0; round < 4; round++) {
      const [x, y, z] = [await newPlayer(server.url), await newPlayer(server.url), await newPlayer(server.url)];
      const a = await startedRoom(server.url, [x, y, z]);
      const b = await startedRoom(server.url, [y, x, z]);
      const sum = await ledgerSum(store);
      const answers = await Promise.all(
        [a, b].map((id) =>
          request<{ error?: { code: string } }>(`${server.url}/api/v1/rooms/${id}/surrender`, { token: z.token, method: 'POST' }),
        ),
      );
      expect(answers.map((r) => r.status)).toEqual([200, 200]);
      for (const id of [a, b]) expect((await view(server.url, id, x.token)).status).toBe('FINISHED');
      expect(await ledgerSum(store)).toBe(sum);
    }
  });

  it('a stale seq is refused with 409 and nothing changes; an illegal move gets its rule code', async () => {
    const players = [await newPlayer(server.url), await newPlayer(server.url)];
    const id = await startedRoom(server.url, players);
    const v = await view(server.url, id, players[0]!.token);
    const attacker = players.find((p) => String(p.id) === v.turn.current_attacker_user_id)!;
    const defender = players.find((p) => p !== attacker)!;
    const stale = await request<{ error: { code: string; details: { seq: number } } }>(`${server.url}/api/v1/rooms/${id}/beat`, {
      token: attacker.token,
      body: { seq: v.seq + 5 },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.error.code).toBe('rule/stale_seq');
    const myView = await view(server.url, id, defender.token);
    const wrong = await request<{ error: { code: string } }>(`${server.url}/api/v1/rooms/${id}/attack`, {
      token: defender.token,
      body: { cards: [myView.hand[0]] },
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.error.code).toMatch(/^rule\//);
    const notMine = await request<{ error: { code: string } }>(`${server.url}/api/v1/rooms/${id}/attack`, {
      token: attacker.token,
      body: { cards: [myView.hand[0]] },
    });
    expect(notMine.body.error.code).toBe('rule/card_not_in_hand');
    expect((await view(server.url, id, players[0]!.token)).seq).toBe(v.seq);
  });
});

describe('surrender and leave during the game', () => {
  it('surrender makes the player the durak at once; leave in a running game is a surrender', async () => {
    const players = [await newPlayer(server.url), await newPlayer(server.url), await newPlayer(server.url)];
    const id = await startedRoom(server.url, players, { player_count: 3, bet_amount: 300 });
    expect((await request(`${server.url}/api/v1/rooms/${id}/leave`, { token: players[1]!.token, method: 'POST' })).status).toBe(200);
    const watch = await request<{ status: string; seats: Record<string, { result: string; amount: string }> }>(
      `${server.url}/api/v1/rooms/${id}/watch`,
      { token: players[0]!.token },
    );
    expect(watch.body.status).toBe('FINISHED');
    expect(watch.body.seats[String(players[1]!.id)]).toMatchObject({ result: 'defeat', amount: '-300' });
    // 300 won, 15 rake, 285 shared: 143 and 142.
    expect(
      Object.values(watch.body.seats)
        .map((s) => s.amount)
        .sort(),
    ).toEqual(['-300', '142', '143']);
    expect(await ledgerSum(store)).toBe(0n);
  });
});

describe('a server restart', () => {
  it('resumes a game in the middle: the next node reads the state from the database and plays it to the end', async () => {
    const players = [await newPlayer(server.url), await newPlayer(server.url)];
    const id = await startedRoom(server.url, players);
    for (let i = 0; i < 4; i++) {
      for (const p of players) {
        const v = await view(server.url, id, p.token);
        const choice = chooseAction(v, legalActions(v, String(p.id)), rng(i + 3));
        if (choice) await request(`${server.url}/api/v1/rooms/${id}/${choice.type}`, { token: p.token, body: actionBody(choice, v.seq) });
      }
    }
    const seqBefore = (await view(server.url, id, players[0]!.token)).seq;
    expect(seqBefore).toBeGreaterThan(0);
    const { jwtSecret } = server.config;
    await server.close();
    server = await startRoomsServer({ store, config: { jwtSecret } });
    expect((await view(server.url, id, players[0]!.token)).seq).toBe(seqBefore);
    await playToEnd(
      server.url,
      id,
      players.map((p) => ({ ...p, url: server.url })),
    );
    const watch = await request<{ status: string }>(`${server.url}/api/v1/rooms/${id}/watch`, { token: players[0]!.token });
    expect(watch.body.status).toBe('FINISHED');
  });

  it('a turn deadline that passed while no node was running fires once a node is back', async () => {
    const clock = createClock();
    // Its own database: the other tests' running games have deadlines of their own.
    const own = await createTestStore();
    let node = await startRoomsServer({ store: own, clock });
    const players = [await newPlayer(node.url), await newPlayer(node.url)];
    const id = await startedRoom(node.url, players);
    const seqBefore = (await view(node.url, id, players[0]!.token)).seq;
    const { jwtSecret } = node.config;
    await node.close();
    clock.advance(31_000); // the 30 s turn ran out during the outage
    node = await startRoomsServer({ store: own, clock, config: { jwtSecret } });
    try {
      expect(await node.module.games.fireDue()).toBe(1);
      expect((await view(node.url, id, players[0]!.token)).seq).toBe(seqBefore + 1);
    } finally {
      await node.close();
      await own.close();
    }
  });
});
