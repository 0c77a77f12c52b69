import { applyAction, createGame, dealFromSeed, isSameCard, sha256Hex, type Card, type GameState } from '@durak/engine';
import type { GameRecord } from '@durak/protocol';

export interface ShuffleCheck {
  /** sha256(revealed seed) equals the hash published at the deal. */
  isHashMatching: boolean;
  /** Every recorded move is legal against the hands the seed deals: the cards played were in them. */
  isReplayMatching: boolean;
  /** The first hands the seed deals, by seat, with each player's name. */
  hands: { username: string; cards: readonly Card[] }[];
  trump: Card;
}

/**
 * Re-deals in the browser with the engine's own shuffle (DESIGN §4): the seed must hash to what was
 * published before play, and replaying the record from that deal must accept every move, which it
 * cannot if any first hand differed from the dealt one.
 */
export function checkShuffle(record: GameRecord): ShuffleCheck | null {
  const { seed, seed_hash: seedHash } = record;
  if (!seed || !seedHash) return null;
  const ids = record.players.map((p) => p.player_id);
  const deal = dealFromSeed(seed, record.options.deck_size, ids.length);
  const created = createGame(record.options, ids, { seed });
  let isReplayMatching = created.ok && handsEqual(created.state, deal.hands);
  if (created.ok) {
    let state: GameState = created.state;
    for (const { action } of record.actions) {
      const next = applyAction(state, action);
      if (!next.ok) {
        isReplayMatching = false;
        break;
      }
      state = next.state;
    }
  }
  return {
    isHashMatching: sha256Hex(seed) === seedHash,
    isReplayMatching,
    hands: record.players.map((p, i) => ({ username: p.username, cards: deal.hands[i] ?? [] })),
    trump: deal.trump_card,
  };
}

function handsEqual(state: GameState, dealt: readonly (readonly Card[])[]): boolean {
  return state.players.every((_id, i) => {
    const held = state.hands[i] ?? [];
    const want = dealt[i] ?? [];
    return held.length === want.length && want.every((c) => held.some((h) => isSameCard(h, c)));
  });
}
