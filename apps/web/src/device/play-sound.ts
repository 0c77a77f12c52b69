import type { DurakSound } from './sound-names';

/**
 * Plays a sound of SPEC §9 without making the caller's page carry howler: the player loads on
 * first use (usually already loaded: the sounds preload from the first tap). For the main page's
 * taps; the table, which plays a sound on every move, imports sound-player directly.
 */
export function playSoundLater(name: DurakSound): void {
  void import('./sound-player').then(({ playSound }) => playSound(name));
}
