import { describe, expect, it, vi } from 'vitest';
import { SoundBank, type SoundSource } from './sound';
import { DURAK_SOUNDS, PRIORITY_SOUNDS, SLOT_SOUNDS, SOUND_NAMES } from './sound-names';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

class FakeSource implements SoundSource {
  static all: FakeSource[] = [];
  loaded = false;
  loadCalls = 0;
  plays = 0;
  level = 1;
  private handlers: Record<string, Array<(id?: number, error?: unknown) => void>> = {};
  constructor(readonly url: string) {
    FakeSource.all.push(this);
  }
  load() {
    this.loadCalls++;
  }
  play() {
    this.plays++;
  }
  volume(value: number) {
    this.level = value;
  }
  once(event: 'load' | 'loaderror', fn: (id?: number, error?: unknown) => void) {
    (this.handlers[event] ??= []).push(fn);
  }
  state() {
    return this.loaded ? ('loaded' as const) : ('unloaded' as const);
  }
  finish(ok: boolean) {
    this.loaded = ok;
    for (const fn of this.handlers[ok ? 'load' : 'loaderror'] ?? []) fn(1, 'network');
    this.handlers = {};
  }
}

function bank() {
  FakeSource.all = [];
  const made = new SoundBank((url) => new FakeSource(url));
  const byName = (name: string) => FakeSource.all.find((s) => s.url === `/assets/${name}.mp3`)!;
  return { made, byName };
}

describe('SoundBank', () => {
  it('has an mp3 file under public/assets for every sound of SPEC §9', () => {
    for (const name of SOUND_NAMES) {
      expect(existsSync(join(import.meta.dirname, '../../public/assets', `${name}.mp3`)), name).toBe(true);
    }
  });

  it('throws "No source" for a name without a file', () => {
    const { made } = bank();
    expect(() => made.play('trumpet')).toThrow('No source');
    expect(() => made.load('trumpet')).toThrow('No source');
  });

  it('rejects when a load fails, and resolves when it succeeds', async () => {
    const { made, byName } = bank();
    const failing = made.load('victory');
    byName('victory').finish(false);
    await expect(failing).rejects.toThrow(/victory/);
    const ok = made.load('victory');
    byName('victory').finish(true);
    await expect(ok).resolves.toBeUndefined();
  });

  it('clamps the volume it plays at', () => {
    const { made, byName } = bank();
    expect(made.setVolume(3)).toBe(1);
    expect(made.setVolume(-2)).toBe(0);
    made.setVolume(0.25);
    made.play('button');
    expect(byName('button').level).toBe(0.25);
    expect(byName('button').plays).toBe(1);
  });

  it('loads the priority sounds first, then the rest in batches of 5 every 100 ms', async () => {
    vi.useFakeTimers();
    try {
      const { made, byName } = bank();
      const preload = made.preload();
      const started = () => FakeSource.all.filter((s) => s.loadCalls > 0).map((s) => s.url);
      expect(started().sort()).toEqual(PRIORITY_SOUNDS.map((n) => `/assets/${n}.mp3`).sort());
      for (const name of PRIORITY_SOUNDS) byName(name).finish(true);
      await vi.advanceTimersByTimeAsync(0);
      expect(started()).toHaveLength(PRIORITY_SOUNDS.length + 5);
      await vi.advanceTimersByTimeAsync(99);
      expect(started()).toHaveLength(PRIORITY_SOUNDS.length + 5);
      await vi.advanceTimersByTimeAsync(1);
      expect(started()).toHaveLength(PRIORITY_SOUNDS.length + 10);
      await vi.advanceTimersByTimeAsync(1000);
      await preload;
      expect(started()).toHaveLength(SOUND_NAMES.length);
    } finally {
      vi.useRealTimers();
    }
  });

  it('preloads one group only: the durak group never downloads the slot machine sounds', async () => {
    vi.useFakeTimers();
    try {
      const { made, byName } = bank();
      const preload = made.preload(DURAK_SOUNDS);
      for (const name of PRIORITY_SOUNDS) byName(name).finish(true);
      await vi.advanceTimersByTimeAsync(10_000);
      await preload;
      const started = FakeSource.all.filter((s) => s.loadCalls > 0).map((s) => s.url);
      expect(started).toHaveLength(DURAK_SOUNDS.length);
      for (const name of SLOT_SOUNDS) expect(byName(name).loadCalls, name).toBe(0);
      void made.preload(SLOT_SOUNDS);
      await vi.advanceTimersByTimeAsync(10_000);
      for (const name of SLOT_SOUNDS) expect(byName(name).loadCalls, name).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });
});
