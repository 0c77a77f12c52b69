/** SPEC §9 bet presets, as labels and chip amounts. */
export const BET_PRESETS = ['100', '999', '1k', '4999', '5k', '9999', '10k', '24999', '25k', '49999', '50k', '100k'] as const;
/** SPEC §9 bet ranges, "from_to" in preset labels. */
export const BET_RANGES = ['100_999', '1k_4999', '5k_9999', '10k_24999', '25k_49999', '50k_100k'] as const;
export type BetRange = (typeof BET_RANGES)[number];

/** "1k" -> 1000, "24999" -> 24999; NaN for anything else. */
export function presetAmount(label: string): number {
  const match = /^(\d+)(k?)$/.exec(label);
  if (!match) return Number.NaN;
  return Number(match[1]) * (match[2] ? 1000 : 1);
}

export function rangeBounds(range: BetRange): { min: number; max: number } {
  const [from = '', to = ''] = range.split('_');
  return { min: presetAmount(from), max: presetAmount(to) };
}

/** 1000 -> "1k", 24999 -> "24 999": how a bet reads on a room card. */
export function betLabel(amount: number | string): string {
  const value = Number(amount);
  if (!Number.isFinite(value)) return String(amount);
  if (value >= 1000 && value % 1000 === 0) return `${value / 1000}k`;
  return String(value).replace(/\B(?=(\d{3})+(?!\d))/g, '\u202f');
}
