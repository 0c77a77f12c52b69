/** SPEC §9 durak sounds. "emoji poop" is the file emoji_poop.mp3 (a file name has no space). */
export const DURAK_SOUNDS = [
  'button',
  'bubbleTake1',
  'bubbleTake2',
  'bubbleTake3',
  'coinsClang',
  'dealShort1',
  'dealShort2',
  'dealShort3',
  'defeat',
  'discardToDeck1',
  'discardToDeck2',
  'discardToDeck3',
  'emoji_poop',
  'newMsg',
  'spendCoins1',
  'spendCoins2',
  'spendCoins3',
  'tableToDiscard1',
  'tableToDiscard2',
  'tableToDiscard3',
  'take1',
  'take2',
  'take3',
  'timeToAct',
  'throw-beat1',
  'throw-beat2',
  'throw-beat3',
  'victory',
] as const;
/** SPEC §9 slot-machine sounds. */
export const SLOT_SOUNDS = ['lose', 'spinning', 'slotStopped', 'start', 'start2', 'win'] as const;
export const SOUND_NAMES = [...DURAK_SOUNDS, ...SLOT_SOUNDS] as const;
export type DurakSound = (typeof DURAK_SOUNDS)[number];
export type SlotSound = (typeof SLOT_SOUNDS)[number];
/** Loaded first so the first taps and deals have sound at once. */
export const PRIORITY_SOUNDS: readonly DurakSound[] = ['button', 'dealShort1', 'take1', 'bubbleTake1'];
export const PRELOAD_BATCH = 5;
export const PRELOAD_BATCH_DELAY_MS = 100;

export function soundUrl(name: string): string {
  return `/assets/${name}.mp3`;
}
