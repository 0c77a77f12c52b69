import {
  applyAction,
  awaited,
  createGame,
  legalActions,
  shuffledDeck,
  viewFor,
  type Action,
  type GameOptions,
  type GameState,
} from '@durak/engine';
import { describe, expect, it } from 'vitest';
import type { ReplayAnswer, ReplayStep } from './replay.js';
import { reapplyReplay } from './replay-steps.js';

// The engine's own re-application of a replay (what the web runs in the browser). The server's
// property test (apps/server/src/replays/replay.property.test.ts) plays real games through the
// service; here the engine alone plays many more, so the figure of FEATURES.md §14 (2,000 random
// finished games of every option) runs in seconds: REPLAY_GAMES=2000 npx vitest run <this file>.
// 300: with the 52-card deck and two against two in the mix, fewer games end in a draw (6 of these 300 do).
const GAMES = Number(process.env.REPLAY_GAMES ?? 300);

function random32(seed: number): () => number {
  // Spread over all 32 bits first: a small seed's first draws are tiny (every game of seeds 1..150 dealt 24 cards).
  let s = Math.imul(seed, 0x9e3779b9) >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 2 ** 32;
  };
}

/** Every option of a room: the three decks, 2..6 seats, two against two, and the seat order of games dealt before issue 40's fix. */
function optionsOf(random: () => number): GameOptions {
  const deck_size = ([24, 36, 52] as const)[Math.floor(random() * 3)]!;
  const isDeathMatch = random() < 0.3;
  const player_count = 2 + Math.floor(random() * (deck_size === 24 ? 3 : 5));
  return {
    deck_size,
    player_count,
    ...(player_count === 4 && random() < 0.5 ? { is_team_mode: true } : {}),
    ...(random() < 0.2 ? { is_legacy_seat_order: true } : {}),
    is_transfer_allowed: random() < 0.5,
    card_transfer_permission: random() < 0.5 ? 'ALL_PLAYERS' : 'NEIGHBORS_ONLY',
    is_draw_allowed: random() < 0.5,
    is_death_match_allowed: isDeathMatch,
    is_classic_mode_allowed: !isDeathMatch,
    secret_trump_mode: random() < 0.3,
    is_cheating_allowed: random() < 0.5,
    is_speed_mode: random() < 0.2,
  };
}

/** A move the rules forbid that a cheating table accepts (flagged, so it may be caught). */
function cheatOf(state: GameState, player: string, random: () => number): Action | null {
  const seat = state.players.indexOf(player);
  const hand = state.hands[seat] ?? [];
  if (hand.length === 0) return null;
  const card = hand[Math.floor(random() * hand.length)]!;
  const open = state.slots.find((s) => s.defense_card === null);
  const tries: Action[] = open && seat === state.defender ? [{ type: 'defence', player, slot_id: open.slot_id, card }] : [];
  tries.push({ type: 'attack', player, cards: [card] });
  return tries.find((a) => applyAction(state, a).ok) ?? null;
}

/** A finished game as the server stores and answers it: every option, cheats, catches, timer expiries, surrenders. */
function playedReplay(seed: string, random: () => number): ReplayAnswer {
  const options = optionsOf(random);
  const players = Array.from({ length: options.player_count }, (_, i) => String(500 + i));
  const created = createGame(options, players, { seed });
  if (!created.ok) throw new Error(created.error.message);
  let state = created.state;
  const steps: ReplayStep[] = [];
  for (let i = 0; i < 5000 && state.phase !== 'finished'; i++) {
    const r = random();
    let action: Action | null = null;
    if (awaited(state).on_timeout !== 'none' && r < 0.04) action = { type: 'timeout' };
    else if (r < 0.045) {
      const active = players.filter((_, seat) => state.results[seat] === null);
      action = { type: 'surrender', player: active[Math.floor(random() * active.length)]! };
    } else {
      const choices = players.flatMap((p) =>
        legalActions(viewFor(state, p), p).filter((a) => a.type !== 'surrender' && applyAction(state, a).ok),
      );
      if (options.is_cheating_allowed && random() < 0.1) action = cheatOf(state, players[Math.floor(random() * players.length)]!, random);
      action ??= choices[Math.floor(random() * choices.length)] ?? { type: 'timeout' };
    }
    const applied = applyAction(state, action);
    if (!applied.ok) throw new Error(`${applied.error.code} at ${state.seq}`);
    state = applied.state;
    const out = applied.events.find((e) => e.type === 'timed_out');
    const actor = action.type === 'timeout' ? (out?.type === 'timed_out' ? out.player : null) : action.player;
    // Through JSON, as the database's JSONB gives them back.
    steps.push(
      JSON.parse(
        JSON.stringify({ seq: state.seq, actor_user_id: actor, action, events: applied.events, at: '', is_stand_in: false }),
      ) as ReplayStep,
    );
  }
  const over = steps.at(-1)?.events.find((e) => e.type === 'game_over');
  if (over?.type !== 'game_over') throw new Error(`game ${seed} did not end`);
  const deck = shuffledDeck(seed, options.deck_size);
  return {
    room_id: 1,
    options,
    seed,
    players: players.map((user_id, seat) => ({ seat, user_id, username: `p${seat}`, avatar: null, is_bot: false })),
    deck,
    trump_card: deck.at(-1)!,
    steps,
    result: over.results.map((r) => ({ player_id: r.player, result: r.result, place: r.place, amount: '0' })),
  };
}

describe('re-applying a replay', () => {
  it(`${GAMES} random finished games of every option re-apply to their recorded result`, () => {
    const seen = { cheats: 0, catches: 0, transfers: 0, timeouts: 0, surrenders: 0, draws: 0, deck52: 0, teamGames: 0, legacySeatOrder: 0 };
    const started = performance.now();
    let steps = 0;
    for (let g = 0; g < GAMES; g++) {
      const replay = playedReplay(`replay-${g}`, random32(g + 1));
      const again = reapplyReplay(replay);
      expect(again.ok, `game ${g}: ${JSON.stringify(again.ok ? null : again.problem)}`).toBe(true);
      steps += replay.steps.length;
      const events = replay.steps.flatMap((s) => s.events);
      seen.catches += events.filter((e) => e.type === 'caught').length;
      seen.transfers += events.filter((e) => e.type === 'transferred').length;
      seen.timeouts += events.filter((e) => e.type === 'timed_out').length;
      seen.surrenders += events.filter((e) => e.type === 'surrendered').length;
      seen.draws += replay.result.filter((r) => r.result === 'draw').length;
      if (again.ok) seen.cheats += again.frames.some((f) => f.state.slots.some((s) => s.is_attack_cheat || s.is_defense_cheat)) ? 1 : 0;
      if (replay.options.deck_size === 52) seen.deck52++;
      if (replay.options.is_legacy_seat_order === true) seen.legacySeatOrder++;
      if (replay.options.is_team_mode === true) {
        seen.teamGames++;
        // Two against two: partners (seats opposite) end the replay with one result.
        const resultOf = (seat: number) => replay.result.find((r) => r.player_id === replay.players[seat]!.user_id)!.result;
        expect([resultOf(0), resultOf(1)], `game ${g}`).toEqual([resultOf(2), resultOf(3)]);
      }
    }
    if (process.env.REPLAY_GAMES)
      console.log(`${GAMES} games, ${steps} steps re-applied in ${(performance.now() - started).toFixed(0)} ms (with playing them)`, seen);
    for (const [kind, count] of Object.entries(seen)) expect(count, kind).toBeGreaterThan(0);
  }, 120_000);

  describe('refuses what the server did not record', () => {
    const replay = playedReplay('tamper', random32(99));

    it('a deck that is not the seed’s shuffle', () => {
      const deck = [...replay.deck];
      [deck[0], deck[1]] = [deck[1]!, deck[0]!];
      expect(reapplyReplay({ ...replay, deck })).toMatchObject({ ok: false, problem: { code: 'replay/deck', seq: 0 } });
    });

    it('a step the rules refuse', () => {
      const steps = replay.steps.map((s, i) =>
        i === 0 ? { ...s, action: { type: 'take' as const, player: replay.players[0]!.user_id } } : s,
      );
      expect(reapplyReplay({ ...replay, steps })).toMatchObject({ ok: false, problem: { seq: 1 } });
    });

    it('a step whose recorded events are not what it produces', () => {
      const steps = replay.steps.map((s, i) => (i === 2 ? { ...s, events: s.events.slice(1) } : s));
      expect(reapplyReplay({ ...replay, steps })).toMatchObject({ ok: false, problem: { code: 'replay/diverged', seq: 3 } });
    });

    it('another result than the game ends on', () => {
      const result = replay.result.map((r) => ({ ...r, place: r.place + 1 }));
      expect(reapplyReplay({ ...replay, result })).toMatchObject({ ok: false, problem: { code: 'replay/result' } });
    });

    it('a game cut short', () => {
      expect(reapplyReplay({ ...replay, steps: replay.steps.slice(0, -1) })).toMatchObject({
        ok: false,
        problem: { code: 'replay/result' },
      });
    });
  });
});
