import { applyAction, createGame, DEFAULT_OPTIONS, legalActions, sha256Hex, type GameState } from '@durak/engine';
import type { GameActionPayload, GameRecord } from '@durak/protocol';

/** A record as the server publishes it: a seeded game and its first moves, each legal for its deal. */
export function playedRecord(seed: string, moves = 8): GameRecord {
  const players = ['11', '12', '13'];
  const options = { ...DEFAULT_OPTIONS, player_count: 3 };
  const created = createGame(options, players, { seed });
  if (!created.ok) throw new Error(created.error.message);
  let state: GameState = created.state;
  const actions: { seq: number; action: GameActionPayload }[] = [];
  for (let i = 0; i < moves; i++) {
    const action = players.flatMap((p) => legalActions(state, p))[0];
    if (!action) break;
    const next = applyAction(state, action);
    if (!next.ok) throw new Error(next.error.message);
    state = next.state;
    // The engine's action is the wire's, read-only.
    actions.push({ seq: i + 1, action: action as GameActionPayload });
  }
  return {
    room_id: 1,
    options,
    bet_amount: '0',
    balance_type: 'BONUS_BALANCE',
    results: null,
    players: players.map((player_id, position) => ({ player_id, username: `p${player_id}`, position })),
    seed,
    seed_hash: sha256Hex(seed),
    actions,
  };
}
