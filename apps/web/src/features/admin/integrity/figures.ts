import type { TFunction } from 'i18next';

/** The figures the signals report (apps/server/src/integrity/signals.ts), each with its own words. */
export const FIGURE_KEYS = [
  'games_together',
  'lost_to_receiver',
  'one_sided',
  'concentration',
  'quick_loss',
  'gift_moves',
  'private_room',
  'heads_up',
  'young',
  'fresh_funding',
  'devices',
  'telegram_users',
  'addresses',
  'referral',
  'chances_a_on_b',
  'took_a_on_b',
  'expected_a_on_b',
  'chances_b_on_a',
  'took_b_on_a',
  'expected_b_on_a',
  'moves',
  'median_ms',
  'cv',
  'bot_decisions',
  'bot_matches',
  'bot_match_rate',
  'stand_in_moves',
  'share',
] as const;

const known = new Set<string>(FIGURE_KEYS);

/** "label: value"; a figure this page does not know yet keeps its key, spaced. */
export function figureText(tx: TFunction<'integrity'>, key: string, value: number | string): string {
  const label = known.has(key) ? tx(`figure.${key}` as 'figure.moves') : key.replace(/_/g, ' ');
  return `${label}: ${value}`;
}
