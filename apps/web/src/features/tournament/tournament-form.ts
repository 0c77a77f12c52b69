import type { CreateTournamentRequest } from '@durak/protocol';

/** The create form as typed: numbers and amounts stay text until they are checked. */
export interface TournamentForm {
  /** A knockout (rounds) or an arena (a clock, points, FEATURES.md §15). */
  format: 'knockout' | 'arena';
  name: string;
  buy_in: string;
  balance_type: CreateTournamentRequest['balance_type'];
  /** The datetime-local input's value, in the admin's own time zone. */
  starts_at: string;
  min_players: string;
  max_players: string;
  room_size: string;
  deck_size: '24' | '36';
  ending: 'classic' | 'death_match';
  is_speed_mode: boolean;
  is_transfer_allowed: boolean;
  is_cheating_allowed: boolean;
  is_draw_allowed: boolean;
  card_transfer_permission: CreateTournamentRequest['card_transfer_permission'];
  secret_trump_mode: boolean;
  rebuy_rounds: string;
  rebuy_price: string;
  guaranteed_pool: string;
  /** The house fee per entry and rebuy, on top of them (FEATURES.md §9). */
  fee: string;
  payout_preset_id: string;
  is_pinned: boolean;
  /** An arena's length in arena minutes (10-240) and its table size (2-4). */
  duration_minutes: string;
  table_size: string;
}
export type FormField = keyof TournamentForm;
export type FieldProblem = { key: string; values?: Record<string, string | number> };
export type FormProblems = Partial<Record<FormField, FieldProblem>>;

/** What `<input type="datetime-local">` shows for a moment, in local time. */
export function toLocalInput(ms: number): string {
  const d = new Date(ms);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}T${two(d.getHours())}:${two(d.getMinutes())}`;
}

export function defaultForm(nowMs: number): TournamentForm {
  return {
    format: 'knockout',
    name: '',
    buy_in: '100',
    balance_type: 'BONUS_BALANCE',
    starts_at: toLocalInput(nowMs + 3_600_000),
    min_players: '2',
    max_players: '64',
    room_size: '4',
    deck_size: '36',
    ending: 'classic',
    is_speed_mode: false,
    is_transfer_allowed: false,
    is_cheating_allowed: false,
    is_draw_allowed: false,
    card_transfer_permission: 'ALL_PLAYERS',
    secret_trump_mode: false,
    rebuy_rounds: '0',
    rebuy_price: '0',
    guaranteed_pool: '0',
    fee: '0',
    payout_preset_id: '',
    is_pinned: false,
    duration_minutes: '60',
    table_size: '2',
  };
}

// The server's limits (packages/protocol tournaments.ts createTournamentBody), mirrored.
const PLAYERS = { min: 2, max: 10_000 };
const ROOM = { min: 2, max: 6 };
const REBUY_ROUNDS = { min: 0, max: 20 };
const ARENA_MINUTES = { min: 10, max: 240 };
const ARENA_TABLE = { min: 2, max: 4 };
const NAME_MAX = 80;
const WHOLE = /^\d{1,15}$/;

function wholeIn(text: string, range: { min: number; max: number }): number | FieldProblem {
  if (!/^\d+$/.test(text.trim())) return { key: 'form.whole_number' };
  const n = Number(text.trim());
  return n < range.min || n > range.max ? { key: 'form.range', values: range } : n;
}

/** Checks the form as the server will (FEATURES §1): the same fields refused for the same reasons. */
export function validateTournament(form: TournamentForm, nowMs: number): FormProblems {
  const problems: FormProblems = {};
  const name = form.name.trim();
  if (name === '') problems.name = { key: 'form.required' };
  else if (name.length > NAME_MAX) problems.name = { key: 'form.too_long', values: { max: NAME_MAX } };
  for (const field of ['buy_in', 'rebuy_price', 'guaranteed_pool', 'fee'] as const) {
    if (!WHOLE.test(form[field].trim())) problems[field] = { key: 'form.chips' };
  }
  const startsAt = Date.parse(form.starts_at);
  if (form.starts_at === '' || Number.isNaN(startsAt)) problems.starts_at = { key: 'form.required' };
  else if (startsAt <= nowMs) problems.starts_at = { key: 'form.in_future' };

  const min = wholeIn(form.min_players, PLAYERS);
  const max = wholeIn(form.max_players, PLAYERS);
  if (typeof min !== 'number') problems.min_players = min;
  if (typeof max !== 'number') problems.max_players = max;
  if (typeof min === 'number' && typeof max === 'number' && min > max) problems.min_players = { key: 'form.min_over_max' };

  if (form.format === 'arena') {
    // An arena: a clock and a table size instead of room size and rebuys.
    const minutes = wholeIn(form.duration_minutes, ARENA_MINUTES);
    if (typeof minutes !== 'number') problems.duration_minutes = minutes;
    const table = wholeIn(form.table_size, ARENA_TABLE);
    if (typeof table !== 'number') problems.table_size = table;
    if (!/^\d+$/.test(form.payout_preset_id)) problems.payout_preset_id = { key: 'form.required' };
    return problems;
  }
  const room = wholeIn(form.room_size, ROOM);
  if (typeof room !== 'number') problems.room_size = room;
  else if (form.deck_size === '24' && room > 4) problems.room_size = { key: 'form.deck_24' };

  const rebuys = wholeIn(form.rebuy_rounds, REBUY_ROUNDS);
  if (typeof rebuys !== 'number') problems.rebuy_rounds = rebuys;
  else if (rebuys > 0 && !problems.rebuy_price && BigInt(form.rebuy_price.trim()) === 0n)
    problems.rebuy_price = { key: 'form.rebuy_price_needed' };

  if (!/^\d+$/.test(form.payout_preset_id)) problems.payout_preset_id = { key: 'form.required' };
  return problems;
}

/** The request body of a valid form. */
export function tournamentBody(form: TournamentForm): CreateTournamentRequest {
  const body = knockoutBody(form);
  if (form.format === 'knockout') return body;
  const { room_size: _room, ...rest } = body;
  return {
    ...rest,
    format: 'arena',
    duration_minutes: Number(form.duration_minutes),
    table_size: Number(form.table_size),
    rebuy_rounds: 0,
    rebuy_price: '0',
  };
}

function knockoutBody(form: TournamentForm): CreateTournamentRequest {
  return {
    name: form.name.trim(),
    buy_in: form.buy_in.trim(),
    balance_type: form.balance_type,
    starts_at: new Date(form.starts_at).toISOString(),
    min_players: Number(form.min_players),
    max_players: Number(form.max_players),
    room_size: Number(form.room_size),
    deck_size: form.deck_size === '24' ? 24 : 36,
    is_speed_mode: form.is_speed_mode,
    is_transfer_allowed: form.is_transfer_allowed,
    is_cheating_allowed: form.is_cheating_allowed,
    is_draw_allowed: form.is_draw_allowed,
    is_death_match_allowed: form.ending === 'death_match',
    is_classic_mode_allowed: form.ending === 'classic',
    card_transfer_permission: form.card_transfer_permission,
    secret_trump_mode: form.secret_trump_mode,
    rebuy_rounds: Number(form.rebuy_rounds),
    rebuy_price: form.rebuy_price.trim(),
    guaranteed_pool: form.guaranteed_pool.trim(),
    fee: form.fee.trim(),
    payout_preset_id: Number(form.payout_preset_id),
    is_pinned: form.is_pinned,
  };
}

/** The server names API fields; the form's field for the two endings is `ending`. */
export function formFieldOf(apiField: string | undefined): FormField | null {
  if (!apiField) return null;
  if (apiField === 'is_death_match_allowed' || apiField === 'is_classic_mode_allowed') return 'ending';
  return apiField in defaultForm(0) ? (apiField as FormField) : null;
}
