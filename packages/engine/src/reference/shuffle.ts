import { orderedDeck, type Card, type DeckSize } from './cards.js';
import { sha256Into, utf8 } from './sha256.js';

/**
 * The deterministic random stream of a game: 32-bit big-endian words of
 * sha256("durak:" + seed + ":" + block) for block = 0, 1, 2, ...
 * It is keyed by the secret seed (never by the published seed_hash), so seeing the hash or one's
 * own hand reveals nothing about the rest of the deck.
 */
export interface SeedStream {
  /** A uniform integer in [0, n), by rejection sampling so no value is favoured. */
  nextInt(n: number): number;
}

export function seedStream(seed: string): SeedStream {
  let block = 0;
  const words = new Uint32Array(8);
  let index = 8;
  const nextWord = (): number => {
    if (index === 8) {
      sha256Into(utf8(`durak:${seed}:${block}`), words);
      block++;
      index = 0;
    }
    return words[index++]!;
  };
  return {
    nextInt(n: number): number {
      const limit = Math.floor(0x100000000 / n) * n;
      for (;;) {
        const word = nextWord();
        if (word < limit) return word % n;
      }
    },
  };
}

/**
 * The deck a seed deals: the ordered deck (clubs, diamonds, hearts, spades; 6..A or 9..A)
 * shuffled by Fisher–Yates, i from the top down to 1, swapping i with nextInt(i + 1).
 */
export function shuffledDeck(seed: string, deckSize: DeckSize, stream: SeedStream = seedStream(seed)): Card[] {
  const deck = orderedDeck(deckSize);
  for (let i = deck.length - 1; i > 0; i--) {
    const j = stream.nextInt(i + 1);
    const held = deck[i]!;
    deck[i] = deck[j]!;
    deck[j] = held;
  }
  return deck;
}
