import { applyAction, awaited, createGame, legalActions, shuffledDeck, type Action, type GameOptions, type GameState } from '@durak/engine';
import type { ReplayAnswer, ReplayStep } from '@durak/protocol';

/** Seeded random numbers for reproducible playouts (tests only). */
export function seededRandom(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 2 ** 32;
  };
}

/**
 * A replay as the server answers it, from a game the engine plays to its end with random legal
 * moves, catch windows closed by their timer (tests only: the server's own test covers real games).
 */
export function playedReplay(seed: string, options: GameOptions, random: () => number, roomId = 7): ReplayAnswer {
  const players = Array.from({ length: options.player_count }, (_, i) => String(101 + i));
  const created = createGame(options, players, { seed });
  if (!created.ok) throw new Error(created.error.message);
  let state: GameState = created.state;
  const steps: ReplayStep[] = [];
  for (let i = 0; i < 3000 && state.phase !== 'finished'; i++) {
    const waiting = awaited(state);
    let action: Action;
    if (waiting.on_timeout === 'close_catch_window') action = { type: 'timeout' };
    else {
      const legal = players.flatMap((p) => legalActions(state, p)).filter((a) => a.type !== 'surrender');
      action = legal.length > 0 ? legal[Math.floor(random() * legal.length)]! : { type: 'timeout' };
    }
    const applied = applyAction(state, action);
    if (!applied.ok) throw new Error(applied.error.message);
    state = applied.state;
    const timedOut = applied.events.find((e) => e.type === 'timed_out');
    const actor = action.type === 'timeout' ? (timedOut?.type === 'timed_out' ? timedOut.player : null) : action.player;
    steps.push({
      seq: state.seq,
      actor_user_id: actor,
      action,
      events: applied.events,
      at: new Date(0).toISOString(),
      is_stand_in: false,
    } as ReplayStep);
  }
  const over = steps.at(-1)?.events.find((e) => e.type === 'game_over');
  if (over?.type !== 'game_over') throw new Error('the playout did not end');
  const deck = shuffledDeck(seed, options.deck_size);
  return {
    room_id: roomId,
    options,
    seed,
    players: players.map((user_id, seat) => ({
      seat,
      user_id,
      username: ['Anna', 'Igor', 'Olga', 'Petr', 'Dana', 'Timur'][seat]!,
      avatar: null,
      is_bot: false,
    })),
    deck,
    trump_card: deck[deck.length - 1]!,
    steps,
    result: over.results.map((r) => ({ player_id: r.player, result: r.result, place: r.place, amount: '0' })),
  };
}
