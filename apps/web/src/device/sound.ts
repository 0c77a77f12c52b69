import { clampVolume } from '../state/volume';
import { PRELOAD_BATCH, PRELOAD_BATCH_DELAY_MS, PRIORITY_SOUNDS, SOUND_NAMES, soundUrl } from './sound-names';

/** The part of a Howl the bank needs; tests give a fake, the app gives howler. */
export interface SoundSource {
  load(): void;
  play(): void;
  volume(value: number): void;
  once(event: 'load' | 'loaderror', fn: (id?: number, error?: unknown) => void): void;
  state(): 'unloaded' | 'loading' | 'loaded';
}
export type CreateSource = (url: string) => SoundSource;

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export class SoundBank {
  private readonly sources = new Map<string, SoundSource>();
  private readonly loads = new Map<string, Promise<void>>();
  private level = 1;

  constructor(
    private readonly create: CreateSource,
    names: readonly string[] = SOUND_NAMES,
  ) {
    for (const name of names) this.sources.set(name, create(soundUrl(name)));
  }

  get volume(): number {
    return this.level;
  }

  setVolume(value: number): number {
    this.level = clampVolume(value);
    for (const source of this.sources.values()) source.volume(this.level);
    return this.level;
  }

  private source(name: string): SoundSource {
    const source = this.sources.get(name);
    // SPEC §8: asking for a sound that has no file is a bug in the caller.
    if (!source) throw new Error('No source');
    return source;
  }

  /** Resolves when the file is ready; a failed load rejects (and may be tried again). */
  load(name: string): Promise<void> {
    const source = this.source(name);
    if (source.state() === 'loaded') return Promise.resolve();
    const pending = this.loads.get(name);
    if (pending) return pending;
    const loading = new Promise<void>((resolve, reject) => {
      source.once('load', () => resolve());
      source.once('loaderror', (_id, error) => reject(new Error(`Sound ${name} failed to load: ${String(error)}`)));
      source.load();
    });
    this.loads.set(name, loading);
    loading.catch(() => this.loads.delete(name));
    return loading;
  }

  play(name: string): void {
    const source = this.source(name);
    if (this.level === 0) return;
    source.volume(this.level);
    source.play();
  }

  /**
   * SPEC §9: priority sounds first, then the rest in batches of 5 every 100 ms. `names` is the
   * group to load (every sound by default): the slot machine's only load on its own page.
   */
  async preload(names: readonly string[] = [...this.sources.keys()]): Promise<{ failed: string[] }> {
    const failed: string[] = [];
    const loadAll = (group: readonly string[]) => Promise.all(group.map((name) => this.load(name).catch(() => void failed.push(name))));
    const isPriority = (name: string) => (PRIORITY_SOUNDS as readonly string[]).includes(name);
    await loadAll(names.filter((name) => isPriority(name) && this.sources.has(name)));
    const rest = names.filter((name) => !isPriority(name));
    for (let i = 0; i < rest.length; i += PRELOAD_BATCH) {
      if (i > 0) await wait(PRELOAD_BATCH_DELAY_MS);
      void loadAll(rest.slice(i, i + PRELOAD_BATCH));
    }
    return { failed };
  }
}
