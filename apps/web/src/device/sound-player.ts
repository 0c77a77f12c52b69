import { Howl } from 'howler';
import { useCallback } from 'react';
import { useSettingsStore } from '../state/settings-store';
import { SoundBank } from './sound';
import { DURAK_SOUNDS, SLOT_SOUNDS, type SoundName } from './sound-names';

let bank: SoundBank | null = null;

/** The app's one sound bank over howler; files load on demand or through preloadSounds(). */
export function soundBank(): SoundBank {
  if (!bank) {
    bank = new SoundBank((url) => new Howl({ src: [url], preload: false, html5: false }));
    bank.setVolume(useSettingsStore.getState().volume);
    useSettingsStore.subscribe((state) => bank?.setVolume(state.volume));
  }
  return bank;
}

/** Plays a sound of SPEC §9; a browser that blocks audio before the first tap just stays quiet. */
export function playSound(name: SoundName): void {
  soundBank().play(name);
}

const GROUPS = { durak: DURAK_SOUNDS, slot: SLOT_SOUNDS } as const;

/** Loads one group of SPEC §9's sounds: the durak group after sign-in, the slot group on /bandit. */
export function preloadSounds(group: keyof typeof GROUPS): Promise<{ failed: string[] }> {
  return soundBank().preload(GROUPS[group]);
}

export function useSound(): (name: SoundName) => void {
  return useCallback((name: SoundName) => playSound(name), []);
}
