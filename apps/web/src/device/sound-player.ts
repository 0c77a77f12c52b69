import { Howl } from 'howler';
import { useSettingsStore } from '../state/settings-store';
import { SoundBank } from './sound';
import { DURAK_SOUNDS, SLOT_SOUNDS, type DurakSound, type SlotSound } from './sound-names';

/** A bank over howler that follows the volume setting; files load on demand or through preload(). */
function howlerBank(names: readonly string[]): SoundBank {
  const made = new SoundBank((url) => new Howl({ src: [url], preload: false, html5: false }), names);
  made.setVolume(useSettingsStore.getState().volume);
  useSettingsStore.subscribe((state) => made.setVolume(state.volume));
  return made;
}

let bank: SoundBank | null = null;
let slotBank: SoundBank | null = null;

/** The app's durak sounds (SPEC §9): every page may play them, so the start screen preloads them. */
export function soundBank(): SoundBank {
  bank ??= howlerBank(DURAK_SOUNDS);
  return bank;
}

/**
 * The slot-machine group (SPEC §9) is a bank of its own, made and preloaded only by /bandit: a
 * player who never opens the slot machine never downloads its sounds.
 */
export function slotSoundBank(): SoundBank {
  slotBank ??= howlerBank(SLOT_SOUNDS);
  return slotBank;
}

/** Plays a sound of SPEC §9; a browser that blocks audio before the first tap just stays quiet. */
export function playSound(name: DurakSound): void {
  soundBank().play(name);
}

export function playSlotSound(name: SlotSound): void {
  slotSoundBank().play(name);
}

/** Loads one group of SPEC §9's sounds: the durak group from the first tap, the slot group on /bandit. */
export function preloadSounds(group: 'durak' | 'slot'): Promise<{ failed: string[] }> {
  return (group === 'slot' ? slotSoundBank() : soundBank()).preload();
}
