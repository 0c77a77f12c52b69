import { dealFromSeed, sha256Hex, type Card } from '@durak/engine';

export interface FairCheck {
  /** sha256(seed) equals the hash published at the deal. */
  isHashMatching: boolean;
  /** The hands the seed deals, in seat order, and the trump card. */
  hands: readonly (readonly Card[])[];
  trump: Card;
}

/** Re-deals from the revealed seed so anyone can see the deal was fixed before play (DESIGN §4). */
export function checkDeal(seed: string, seedHash: string, deckSize: 24 | 36, playerCount: number): FairCheck {
  const deal = dealFromSeed(seed, deckSize, playerCount);
  return { isHashMatching: sha256Hex(seed) === seedHash, hands: deal.hands, trump: deal.trump_card };
}
