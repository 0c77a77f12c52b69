import { describe, expect, it, vi } from 'vitest';
import { SLOT_SOUNDS, soundUrl } from './sound-names';

const made: string[] = [];
vi.mock('howler', () => ({
  Howl: class {
    constructor({ src }: { src: string[] }) {
      made.push(...src);
    }
    volume() {}
    load() {}
    play() {}
    once() {}
    state() {
      return 'unloaded';
    }
  },
}));

describe('sound banks', () => {
  it('keeps the slot-machine sounds out of the app-wide bank: only /bandit makes them', async () => {
    const { slotSoundBank, soundBank } = await import('./sound-player');
    soundBank();
    const slotUrls = SLOT_SOUNDS.map(soundUrl);
    expect(made.filter((url) => slotUrls.includes(url))).toEqual([]);
    expect(made).toContain(soundUrl('button'));
    slotSoundBank();
    expect(made.filter((url) => slotUrls.includes(url)).sort()).toEqual([...slotUrls].sort());
  });
});
