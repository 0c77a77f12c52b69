import { dealFromSeed, sha256Hex, type Card, type DeckSize } from '@durak/engine';

export interface FairCheck {
  /** sha256(seed) equals the hash published at the deal. */
  isHashMatching: boolean;
  /** The hands the seed deals, in seat order, and the trump card. */
  hands: readonly (readonly Card[])[];
  trump: Card;
}

/** Re-deals from the revealed seed so anyone can see the deal was fixed before play (DESIGN §4). */
export function checkDeal(seed: string, seedHash: string, deckSize: DeckSize, playerCount: number): FairCheck {
  const deal = dealFromSeed(seed, deckSize, playerCount);
  return { isHashMatching: sha256Hex(seed) === seedHash, hands: deal.hands, trump: deal.trump_card };
}

/** The deck a room deals, as the engine knows it (a room from an older server says 24 or 36). */
export function deckSizeOf(deckSize: number): DeckSize {
  return deckSize === 24 || deckSize === 52 ? deckSize : 36;
}
