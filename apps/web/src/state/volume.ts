/** SPEC §5: volume is clamped to 0..1 (and anything not a number is silence). */
export function clampVolume(value: number): number {
  if (!Number.isFinite(value)) return 0;
  return Math.min(1, Math.max(0, value));
}
