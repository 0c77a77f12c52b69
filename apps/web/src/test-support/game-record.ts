import { applyAction, createGame, DEFAULT_OPTIONS, legalActions, sha256Hex, type Action, type GameState } from '@durak/engine';
import type { GameRecord } from '../features/career/career-api';

/** A record as the server publishes it: a seeded game and its first moves, each legal for its deal. */
export function playedRecord(seed: string, moves = 8): GameRecord {
  const players = ['11', '12', '13'];
  const options = { ...DEFAULT_OPTIONS, player_count: 3 };
  const created = createGame(options, players, { seed });
  if (!created.ok) throw new Error(created.error.message);
  let state: GameState = created.state;
  const actions: { seq: number; action: Action }[] = [];
  for (let i = 0; i < moves; i++) {
    const action = players.flatMap((p) => legalActions(state, p))[0];
    if (!action) break;
    const next = applyAction(state, action);
    if (!next.ok) throw new Error(next.error.message);
    state = next.state;
    actions.push({ seq: i + 1, action });
  }
  return { room_id: 1, options, players: players.map((player_id, position) => ({ player_id, username: `p${player_id}`, position })), seed, seed_hash: sha256Hex(seed), actions };
}
