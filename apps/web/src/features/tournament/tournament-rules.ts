import type { TournamentDetail, TournamentPayload } from '@durak/protocol';
import type { ApiErrorCode } from '../../net/api-error';

/** What the caller may do now; the server decides again, this only offers the buttons. */
export function canRegister(t: TournamentDetail): boolean {
  return t.status === 'registration' && !t.player_info.is_registered && t.players_count < t.max_players;
}

export function canWithdraw(t: TournamentDetail): boolean {
  return t.status === 'registration' && t.player_info.is_registered;
}

/** FEATURES §1: an eliminated player may rebuy while `round <= rebuy_rounds`, until the final is drawn. */
export function canRebuy(t: TournamentDetail, isFinalSeated: boolean): boolean {
  const isFinal = t.is_final || isFinalSeated;
  return (
    (t.status === 'running' || t.status === 'paused') &&
    t.player_info.is_eliminated &&
    t.rebuy_rounds > 0 &&
    t.round <= t.rebuy_rounds &&
    !isFinal
  );
}

// Options shown in words (the lobby shows them the same way); the ending is always named.
const FLAGS = ['is_speed_mode', 'is_transfer_allowed', 'is_cheating_allowed', 'is_draw_allowed', 'secret_trump_mode'] as const;
export type OptionWord = (typeof FLAGS)[number] | 'is_death_match_allowed' | 'is_classic_mode_allowed' | 'NEIGHBORS_ONLY';
export const OPTION_WORDS: readonly OptionWord[] = [...FLAGS, 'is_death_match_allowed', 'is_classic_mode_allowed', 'NEIGHBORS_ONLY'];

export function optionWords(t: TournamentPayload): OptionWord[] {
  const words: OptionWord[] = [t.is_death_match_allowed ? 'is_death_match_allowed' : 'is_classic_mode_allowed'];
  for (const flag of FLAGS) if (t[flag]) words.push(flag);
  if (t.is_transfer_allowed && t.card_transfer_permission === 'NEIGHBORS_ONLY') words.push('NEIGHBORS_ONLY');
  return words;
}

/** The codes the page explains in its own words; anything else shows the server's message. */
export const KNOWN_ERRORS = [
  'tournament/full',
  'tournament/not_open',
  'tournament/already_registered',
  'tournament/not_registered',
  'tournament/not_eliminated',
  'tournament/rebuy_closed',
  'tournament/not_running',
  'tournament/not_paused',
  'tournament/over',
  'tournament/not_found',
  'wallet/insufficient_funds',
  'network/unreachable',
] as const satisfies readonly ApiErrorCode[];

export function errorKey(code: ApiErrorCode): string | null {
  return (KNOWN_ERRORS as readonly string[]).includes(code) ? `error.${code.replace('/', '_')}` : null;
}
