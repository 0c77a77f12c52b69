import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { clampVolume } from './volume';

interface SettingsState {
  volume: number;
  isVibrationOn: boolean;
  setVolume(volume: number): void;
  setVibrationOn(on: boolean): void;
}

/** The menu's device settings, kept in local storage. */
export const useSettingsStore = create<SettingsState>()(
  persist(
    (set) => ({
      volume: 1,
      isVibrationOn: true,
      setVolume: (volume) => set({ volume: clampVolume(volume) }),
      setVibrationOn: (isVibrationOn) => set({ isVibrationOn }),
    }),
    { name: 'settings', version: 1 },
  ),
);
