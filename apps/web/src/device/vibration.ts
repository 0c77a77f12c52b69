/** SPEC §9 built-in vibration patterns, in milliseconds (vibrate, pause, vibrate, ...). */
export const BUILT_IN_PATTERNS = {
  short: [50],
  medium: [100],
  long: [300],
  doubleShort: [50, 50, 50],
  success: [50, 30, 100],
  warning: [100, 50, 100, 50, 100],
  error: [100, 50, 200, 50, 400],
  buttonPress: [40],
} as const satisfies Record<string, readonly number[]>;
export type BuiltInPattern = keyof typeof BUILT_IN_PATTERNS;

export const MAX_PATTERN_MS = 5000;
export const MAX_CUSTOM_PATTERNS = 20;
export const SEQUENCE_GAP_MS = 300;

export type PatternError =
  'vibration/empty_pattern' | 'vibration/invalid_duration' | 'vibration/too_long' | 'vibration/too_many_patterns' | 'vibration/built_in';
export type PatternResult = { ok: true } | { ok: false; code: PatternError };

/** SPEC §5: non-empty, non-negative finite numbers, total at most 5000 ms. */
export function validatePattern(pattern: readonly number[]): PatternResult {
  if (pattern.length === 0) return { ok: false, code: 'vibration/empty_pattern' };
  if (!pattern.every((ms) => Number.isFinite(ms) && ms >= 0)) return { ok: false, code: 'vibration/invalid_duration' };
  const total = pattern.reduce((sum, ms) => sum + ms, 0);
  return total > MAX_PATTERN_MS ? { ok: false, code: 'vibration/too_long' } : { ok: true };
}

/** Telegram's haptic feedback kinds; inside the mini-app they replace navigator.vibrate. */
export type Haptic =
  | { kind: 'impact'; style: 'light' | 'medium' | 'heavy' | 'rigid' | 'soft' }
  | { kind: 'notification'; type: 'success' | 'warning' | 'error' };
export type HapticSink = (haptic: Haptic) => void;

const HAPTIC_FOR: Record<BuiltInPattern, Haptic> = {
  short: { kind: 'impact', style: 'light' },
  medium: { kind: 'impact', style: 'medium' },
  long: { kind: 'impact', style: 'heavy' },
  doubleShort: { kind: 'impact', style: 'rigid' },
  success: { kind: 'notification', type: 'success' },
  warning: { kind: 'notification', type: 'warning' },
  error: { kind: 'notification', type: 'error' },
  buttonPress: { kind: 'impact', style: 'soft' },
};

function hapticFor(name: string, pattern: readonly number[]): Haptic {
  const builtIn = HAPTIC_FOR[name as BuiltInPattern] as Haptic | undefined;
  if (builtIn) return builtIn;
  const total = pattern.reduce((sum, ms) => sum + ms, 0);
  return { kind: 'impact', style: total < 80 ? 'light' : total < 250 ? 'medium' : 'heavy' };
}

export interface VibrationDeps {
  vibrate?: (pattern: number | number[]) => boolean;
  haptic?: HapticSink | undefined;
  warn?: (message: string) => void;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

export class Vibration {
  private readonly custom = new Map<string, readonly number[]>();
  private readonly timers = new Set<unknown>();
  private haptic: HapticSink | undefined;
  isEnabled = true;

  constructor(private readonly deps: VibrationDeps) {
    this.haptic = deps.haptic;
  }

  /** Inside Telegram the host's haptic feedback is used instead of navigator.vibrate. */
  useHaptics(sink: HapticSink | undefined): void {
    this.haptic = sink;
  }

  addPattern(name: string, pattern: readonly number[]): PatternResult {
    if (name in BUILT_IN_PATTERNS) return { ok: false, code: 'vibration/built_in' };
    const valid = validatePattern(pattern);
    if (!valid.ok) return valid;
    if (!this.custom.has(name) && this.custom.size >= MAX_CUSTOM_PATTERNS) return { ok: false, code: 'vibration/too_many_patterns' };
    this.custom.set(name, [...pattern]);
    return { ok: true };
  }

  removePattern(name: string): PatternResult {
    if (name in BUILT_IN_PATTERNS) return { ok: false, code: 'vibration/built_in' };
    this.custom.delete(name);
    return { ok: true };
  }

  pattern(name: string): readonly number[] | undefined {
    return (BUILT_IN_PATTERNS as Record<string, readonly number[]>)[name] ?? this.custom.get(name);
  }

  /** Plays a named pattern; an unknown name returns false with a warning (SPEC §8). */
  vibrate(name: string): boolean {
    const pattern = this.pattern(name);
    if (!pattern) {
      (this.deps.warn ?? console.warn)(`Vibration pattern "${name}" is not defined`);
      return false;
    }
    if (!this.isEnabled) return false;
    if (this.haptic) {
      this.haptic(hapticFor(name, pattern));
      return true;
    }
    return this.deps.vibrate?.([...pattern]) ?? false;
  }

  /** Plays patterns one after another with a gap after each one's full length. */
  sequence(names: readonly string[], gapMs = SEQUENCE_GAP_MS): boolean {
    if (!names.every((name) => this.pattern(name))) {
      (this.deps.warn ?? console.warn)(`Vibration sequence has an unknown pattern: ${names.join(', ')}`);
      return false;
    }
    const setTimer = this.deps.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
    let at = 0;
    for (const name of names) {
      const timer = setTimer(() => {
        this.timers.delete(timer);
        this.vibrate(name);
      }, at);
      this.timers.add(timer);
      at += (this.pattern(name) ?? []).reduce((sum, ms) => sum + ms, 0) + gapMs;
    }
    return true;
  }

  /** Stops a running vibration and any queued sequence (page hidden or unloaded). */
  stop(): void {
    const clearTimer = this.deps.clearTimer ?? ((timer) => clearTimeout(timer as ReturnType<typeof setTimeout>));
    for (const timer of this.timers) clearTimer(timer);
    this.timers.clear();
    if (!this.haptic) this.deps.vibrate?.(0);
  }
}
