import { boutLimit, throwers } from './board.js';
import type { GameState, GameView, PlayerId, PlayerRoundStatus, ViewSeat } from './types.js';

/**
 * What `viewer` may see (null = spectator): the spec's game watch state plus the viewer's own
 * hand. Never another player's cards, the talon's order or (while the game runs) the seed.
 */
export function viewFor(state: GameState, viewer: PlayerId | null): GameView {
  const { players } = state;
  const seats: Record<PlayerId, ViewSeat> = {};
  players.forEach((id, seat) => {
    seats[id] = { position: seat, player: { player_id: id }, card_count: state.hands[seat]!.length, result: state.results[seat]! };
  });
  const playerStatus: Record<PlayerId, PlayerRoundStatus> = {};
  for (const seat of state.passed) playerStatus[players[seat]!] = 'beat';
  if (state.is_taking) playerStatus[players[state.defender]!] = 'take';
  const viewerSeat = viewer === null ? -1 : players.indexOf(viewer);
  const isFinished = state.phase === 'finished';
  const ids = (seats: readonly number[]): PlayerId[] => seats.map((s) => players[s]!);
  return {
    viewer: viewerSeat < 0 ? null : viewer,
    options: state.options,
    players,
    seats,
    status: isFinished ? 'FINISHED' : 'in_progress',
    phase: state.phase,
    round: {
      slots: state.slots.map((s) => ({
        slot_id: s.slot_id,
        attacker: players[s.attacker]!,
        attack_card: s.attack_card,
        defender: players[state.defender]!,
        defense_card: s.defense_card,
      })),
      player_status: playerStatus,
    },
    trump_card: state.is_trump_revealed ? state.trump_card : null,
    trump_suit: state.is_trump_revealed ? state.trump_card.suit : null,
    turn: { current_attacker_user_id: players[state.attacker]!, current_defender_user_id: players[state.defender]! },
    hand: viewerSeat < 0 ? [] : state.hands[viewerSeat]!,
    talon_count: state.talon.length,
    discard_count: state.discard.length,
    bout_limit: boutLimit(state.is_first_discard_done),
    is_first_discard_done: state.is_first_discard_done,
    throwers: isFinished ? [] : ids(throwers(state)),
    catch_window_passed: ids(state.window_passed),
    cheat_banned: ids(state.cheat_banned),
    catch_banned: ids(state.catch_banned),
    finishing_order: ids(state.finishing_order),
    seq: state.seq,
    seed_hash: state.seed_hash,
    seed: isFinished ? state.seed : null,
  };
}
