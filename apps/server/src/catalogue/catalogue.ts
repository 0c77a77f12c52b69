/**
 * What an empty database starts with. Emoji names are keys the web translates; throwable ones fly
 * at another player's seat, the others are shown on one's own seat (SPEC.md §5).
 */
export const emojiCatalogue: readonly { id: number; name: string; isThrowable: boolean }[] = [
  { id: 1, name: 'smile', isThrowable: false },
  { id: 2, name: 'laugh', isThrowable: false },
  { id: 3, name: 'heart', isThrowable: false },
  { id: 4, name: 'cool', isThrowable: false },
  { id: 5, name: 'thinking', isThrowable: false },
  { id: 6, name: 'cry', isThrowable: false },
  { id: 7, name: 'angry', isThrowable: false },
  { id: 8, name: 'thumbs_up', isThrowable: false },
  { id: 9, name: 'tomato', isThrowable: true },
  { id: 10, name: 'egg', isThrowable: true },
  { id: 11, name: 'poop', isThrowable: true },
  { id: 12, name: 'flowers', isThrowable: true },
  { id: 13, name: 'beer', isThrowable: true },
  { id: 14, name: 'kiss', isThrowable: true },
];

/** SPEC.md §9 bet presets. */
export const betPresetAmounts: readonly bigint[] = [
  100n,
  999n,
  1_000n,
  4_999n,
  5_000n,
  9_999n,
  10_000n,
  24_999n,
  25_000n,
  49_999n,
  50_000n,
  100_000n,
];
