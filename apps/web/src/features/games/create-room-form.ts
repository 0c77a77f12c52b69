import { DEFAULT_OPTIONS } from '@durak/engine';
import type { CreateRoomInput, RoomPayload } from '@durak/protocol';
import type { DeckSize } from './room-options';

/** The room's options as the form edits them: the bet as a number, the deck as one of its sizes. */
type RoomOptions = Pick<
  RoomPayload,
  | 'player_count'
  | 'balance_type'
  | 'is_speed_mode'
  | 'is_transfer_allowed'
  | 'is_cheating_allowed'
  | 'is_draw_allowed'
  | 'is_death_match_allowed'
  | 'is_classic_mode_allowed'
  | 'card_transfer_permission'
  | 'secret_trump_mode'
> & { bet_amount: number; deck_size: DeckSize; is_team_mode: boolean };

export type CreateRoomForm = RoomOptions & { is_private: boolean; password: string };

/** The engine's default rules (a two-seat classic 36-card room), the smallest bet, a public room. */
export const DEFAULT_CREATE_FORM: CreateRoomForm = {
  ...DEFAULT_OPTIONS,
  is_team_mode: false,
  bet_amount: 100,
  balance_type: 'BONUS_BALANCE',
  is_private: false,
  password: '',
};

export const MIN_BET = 100;
export const MAX_BET = 10_000_000;
export const PASSWORD_MIN = 1;
export const PASSWORD_MAX = 64;

export type CreateRoomError =
  | 'create/bet_not_whole'
  | 'create/bet_too_small'
  | 'create/bet_too_large'
  | 'create/deck_too_small'
  | 'create/password_length'
  | 'wallet/insufficient_funds';

/**
 * Checks the form before it is sent: the bet, the deck for the seats, the password of a private
 * room, and that the chosen wallet holds the bet (the server checks again; this saves a trip).
 */
export function validateCreateRoom(form: CreateRoomForm, balance: string | undefined): CreateRoomError[] {
  const errors: CreateRoomError[] = [];
  if (!Number.isInteger(form.bet_amount)) errors.push('create/bet_not_whole');
  else if (form.bet_amount < MIN_BET) errors.push('create/bet_too_small');
  else if (form.bet_amount > MAX_BET) errors.push('create/bet_too_large');
  if (form.deck_size === 24 && form.player_count > 4) errors.push('create/deck_too_small');
  if (form.is_private && (form.password.length < PASSWORD_MIN || form.password.length > PASSWORD_MAX))
    errors.push('create/password_length');
  if (Number.isInteger(form.bet_amount) && Number(balance ?? 0) < form.bet_amount) errors.push('wallet/insufficient_funds');
  return errors;
}

/**
 * The bet as the player typed it, grouped for reading, for the form's messages: every digit kept.
 * Read back from the number, a 20-digit bet (past a double's precision) named a different amount.
 */
export function typedBetLabel(text: string): string {
  const digits = text.trim();
  return /^\d+$/.test(digits) ? digits.replace(/^0+(?=\d)/, '').replace(/\B(?=(\d{3})+(?!\d))/g, '\u202f') : digits;
}

/** The request body: the ending is one of classic or death match, the password only when private. */
export function createRoomBody(form: CreateRoomForm): CreateRoomInput {
  const { is_private, password, ...options } = form;
  return {
    ...options,
    is_classic_mode_allowed: !options.is_death_match_allowed,
    ...(is_private ? { password } : {}),
  };
}
