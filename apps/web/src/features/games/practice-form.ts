import type { BotLevel, CreateRoomInput } from '@durak/protocol';
import { isAxiosError } from 'axios';
import type { DeckSize } from './room-options';

/** The practice dialog's choices: how many computer players, how well they play, the usual rules. */
export interface PracticeForm {
  bots: number;
  bot_level: BotLevel;
  deck_size: DeckSize;
  /** Two against two: the player and a bot partner against two bots (three bots). */
  is_team_mode: boolean;
  is_death_match_allowed: boolean;
  is_speed_mode: boolean;
  is_transfer_allowed: boolean;
  is_cheating_allowed: boolean;
  is_draw_allowed: boolean;
  secret_trump_mode: boolean;
}

export const BOT_COUNTS = [1, 2, 3, 4, 5] as const;
export const BOT_LEVELS: readonly BotLevel[] = ['easy', 'normal', 'hard'];

export const DEFAULT_PRACTICE_FORM: PracticeForm = {
  bots: 1,
  bot_level: 'normal',
  deck_size: 36,
  is_team_mode: false,
  is_death_match_allowed: false,
  is_speed_mode: false,
  is_transfer_allowed: false,
  is_cheating_allowed: false,
  is_draw_allowed: false,
  secret_trump_mode: false,
};

/** A 24-card deck deals six cards to at most four players: the player and three bots. */
export const MAX_BOTS_FOR_24 = 3;
/** Two against two seats four: the player and three bots. */
export const TEAM_BOTS = 3;

/** What POST rooms/ is sent for a practice room: no bet (the server plays it for nothing), no seat count (bots + 1). */
export function practiceRoomBody(form: PracticeForm): CreateRoomInput {
  return {
    ...form,
    deck_size: form.bots > MAX_BOTS_FOR_24 && form.deck_size === 24 ? 36 : form.deck_size,
    is_team_mode: form.is_team_mode && form.bots === TEAM_BOTS,
    is_classic_mode_allowed: !form.is_death_match_allowed,
    balance_type: 'BONUS_BALANCE' as const,
  };
}

/** The table of the practice game the player is still in, when the server refuses a second one. */
export function runningPracticeRoom(error: unknown): number | null {
  if (!isAxiosError(error)) return null;
  const body = error.response?.data as { error?: { code?: unknown; details?: { room_id?: unknown } } } | undefined;
  const roomId = body?.error?.details?.room_id;
  return body?.error?.code === 'room/practice_running' && typeof roomId === 'number' ? roomId : null;
}
