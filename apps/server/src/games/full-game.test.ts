import { dealFromSeed } from '@durak/engine';
import type { Centrifuge } from 'centrifuge';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { until } from '../realtime/test-support.js';
import {
  bonusBalance,
  createRoom,
  ledgerSum,
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
import type { GameRecord } from '@durak/protocol';
import { replay, secrecyViolations } from './test-secrecy.js';

let server: RoomsServer;
const clients: Centrifuge[] = [];
beforeAll(async () => {
  server = await startRoomsServer();
});
afterAll(async () => {
  for (const c of clients) c.disconnect();
  await server?.close();
});

const variants: [string, number, Record<string, unknown>][] = [
  ['2 players, classic, 36 cards', 2, {}],
  ['2 players, 24 cards, secret trump, draw allowed', 2, { deck_size: 24, secret_trump_mode: true, is_draw_allowed: true }],
  ['3 players, transfers, neighbours only', 3, { is_transfer_allowed: true, card_transfer_permission: 'NEIGHBORS_ONLY' }],
  ['4 players, 24 cards, speed, cheating room', 4, { deck_size: 24, is_speed_mode: true, is_cheating_allowed: true }],
  [
    '6 players, death match, transfers',
    6,
    { is_death_match_allowed: true, is_classic_mode_allowed: false, is_transfer_allowed: true, bet_amount: 999 },
  ],
  ['6 players, classic, draw allowed', 6, { is_draw_allowed: true, bet_amount: '1000' }],
  // FEATURES.md §16: the 52-card deck and two against two.
  ['5 players, 52 cards, transfers', 5, { deck_size: 52, is_transfer_allowed: true }],
  ['4 players, two against two, 52 cards, transfers', 4, { deck_size: 52, is_team_mode: true, is_transfer_allowed: true }],
];

describe('full games over HTTP with real realtime clients', () => {
  it.each(variants)(
    '%s: played to the end, nobody sees another hand, the money adds up',
    async (_name, count, options) => {
      const players: TestPlayer[] = [];
      for (let i = 0; i < count; i++) players.push(await newPlayer(server.url));
      const spectator = await newPlayer(server.url, 's');
      const before = await Promise.all(players.map((p) => bonusBalance(server.url, p)));
      const roomId = await createRoom(server.url, players[0]!, { player_count: count, ...options });
      const captured: Captured[] = [];
      for (const p of players) clients.push(await listen(server.wsUrl, p, [`room:${roomId}`, `#${p.id}`, 'lobby'], captured));
      clients.push(await listen(server.wsUrl, spectator, [`room:${roomId}`, 'lobby'], captured));

      await seatAndReady(server.url, roomId, players);
      const { answers } = await playToEnd(server.url, roomId, players, rng(roomId));
      const isOver = (receiver: number) => captured.some((c) => c.receiver === receiver && c.data.type === 'game_over');
      await until(() => [...players, spectator].every((p) => isOver(p.id)));

      const watches = await Promise.all(
        [...players, spectator].map((p) => request(`${server.url}/api/v1/rooms/${roomId}/watch`, { token: p.token })),
      );
      const record = await request<GameRecord>(`${server.url}/api/v1/rooms/${roomId}/record`, { token: spectator.token });
      expect(record.status).toBe(200);
      const states = replay(record.body);
      // Anyone can check the shuffle: the revealed seed hashes to the published hash and re-deals the hands.
      const dealt = dealFromSeed(record.body.seed!, record.body.options.deck_size, count);
      expect(dealt.seed_hash).toBe(record.body.seed_hash);
      expect(captured.find((c) => c.data.type === 'game_started')?.data.seed_hash).toBe(dealt.seed_hash);
      expect(dealt.hands).toEqual(states[0]!.hands);
      expect(record.body.actions.map((a) => a.seq)).toEqual(record.body.actions.map((_, i) => i + 1));
      // Re-dealt from the revealed seed and replayed, the record ends where the game did.
      expect(states[states.length - 1]!.results).toEqual(
        states[states.length - 1]!.players.map((id) => {
          const seat = (watches[0]!.body as { seats: Record<string, { result: string }> }).seats[id];
          return seat?.result;
        }),
      );

      // The lobby only ever carries room summaries: no card at all.
      expect(captured.filter((c) => c.channel === 'lobby' && JSON.stringify(c.data).includes('"suit"'))).toEqual([]);
      const messages = [
        ...captured.filter((c) => c.channel !== 'lobby').map((c) => ({ receiver: c.receiver, body: c.data })),
        ...answers,
        ...watches.map((w, i) => ({ receiver: [...players, spectator][i]!.id, body: w.body })),
      ];
      expect(secrecyViolations(record.body, states, messages)).toEqual([]);
      // Hands travel only on their owner's channel.
      for (const c of captured.filter((m) => m.data.type === 'hand' || m.data.type === 'view')) expect(c.channel).toBe(`#${c.receiver}`);
      expect(captured.filter((m) => m.data.type === 'hand' && m.receiver === players[0]!.id).length).toBeGreaterThan(0);
      // Every game publication carries its seq, in order per receiver.
      for (const p of [...players, spectator]) {
        const seqs = captured
          .filter((c) => c.receiver === p.id && c.channel.startsWith('room:') && c.data.room_id === roomId)
          .map((c) => c.data.seq as number);
        expect(seqs.every((s, i) => typeof s === 'number' && (i === 0 || s >= seqs[i - 1]!))).toBe(true);
      }

      const over = captured.find((c) => c.receiver === spectator.id && c.data.type === 'game_over')!.data as {
        bets: { playerId: string; amount: string }[];
      };
      if (options.is_team_mode === true) {
        // Partners sit opposite: seats 0+2 and 1+3 end with one result each, and the teams differ.
        const results = states[states.length - 1]!.results;
        expect([results[0] === results[2], results[1] === results[3]]).toEqual([true, true]);
        if (results[0] !== 'draw') expect(results[0]).not.toBe(results[1]);
      }
      const after = await Promise.all(players.map((p) => bonusBalance(server.url, p)));
      players.forEach((p, i) => {
        const bet = over.bets.find((b) => b.playerId === String(p.id));
        expect(after[i]! - before[i]!).toBe(BigInt(bet!.amount));
      });
      expect(await ledgerSum(server.store)).toBe(0n);
    },
    120_000,
  );
});
