import { describe, expect, it } from 'vitest';
import { defaultForm, formFieldOf, toLocalInput, tournamentBody, validateTournament, type TournamentForm } from './tournament-form';

const now = Date.parse('2026-11-24T12:00:00Z');
const valid: TournamentForm = { ...defaultForm(now), name: 'Sunday cup', payout_preset_id: '2' };
const problemsOf = (over: Partial<TournamentForm>) => validateTournament({ ...valid, ...over }, now);

describe('the create form refuses what the server refuses', () => {
  it('accepts a complete form', () => expect(validateTournament(valid, now)).toEqual({}));

  it.each([
    ['no name', { name: '   ' }, 'name', 'form.required'],
    ['a name past 80 characters', { name: 'x'.repeat(81) }, 'name', 'form.too_long'],
    ['a room of seven', { room_size: '7' }, 'room_size', 'form.range'],
    ['a room of one', { room_size: '1' }, 'room_size', 'form.range'],
    ['five at a table with 24 cards', { room_size: '5', deck_size: '24' }, 'room_size', 'form.deck_24'],
    ['more minimum than maximum players', { min_players: '10', max_players: '4' }, 'min_players', 'form.min_over_max'],
    ['a fractional player count', { max_players: '4.5' }, 'max_players', 'form.whole_number'],
    ['a buy-in with cents', { buy_in: '10.5' }, 'buy_in', 'form.chips'],
    ['a negative buy-in', { buy_in: '-1' }, 'buy_in', 'form.chips'],
    ['an empty guarantee', { guaranteed_pool: '' }, 'guaranteed_pool', 'form.chips'],
    ['a fee with cents', { fee: '2.5' }, 'fee', 'form.chips'],
    ['rebuys without a price', { rebuy_rounds: '2', rebuy_price: '0' }, 'rebuy_price', 'form.rebuy_price_needed'],
    ['more than 20 rebuy rounds', { rebuy_rounds: '21' }, 'rebuy_rounds', 'form.range'],
    ['a start in the past', { starts_at: toLocalInput(now - 60_000) }, 'starts_at', 'form.in_future'],
    ['no payout preset', { payout_preset_id: '' }, 'payout_preset_id', 'form.required'],
  ] as const)('refuses %s', (_name, over, field, key) => {
    expect(problemsOf(over)[field]?.key).toBe(key);
  });

  it('allows four at a table with 24 cards', () => expect(problemsOf({ room_size: '4', deck_size: '24' })).toEqual({}));
});

describe('the body sent', () => {
  it('sends amounts as decimal strings, counts as numbers, exactly one ending and the start in UTC', () => {
    const body = tournamentBody({ ...valid, buy_in: ' 250 ', fee: ' 25 ', ending: 'death_match', room_size: '3', deck_size: '24' });
    expect(body).toMatchObject({
      name: 'Sunday cup',
      buy_in: '250',
      fee: '25',
      room_size: 3,
      deck_size: 24,
      is_death_match_allowed: true,
      is_classic_mode_allowed: false,
      payout_preset_id: 2,
    });
    expect(body.starts_at).toBe(new Date(valid.starts_at).toISOString());
  });

  it('shows a server field error next to the form field it belongs to', () => {
    expect(formFieldOf('room_size')).toBe('room_size');
    expect(formFieldOf('is_death_match_allowed')).toBe('ending');
    expect(formFieldOf('nonsense')).toBeNull();
    expect(formFieldOf(undefined)).toBeNull();
  });
});

describe('an arena (FEATURES.md §15)', () => {
  const arena: Partial<TournamentForm> = { format: 'arena', duration_minutes: '45', table_size: '3', room_size: '9', rebuy_rounds: '3' };

  it('asks for a length of 10-240 arena minutes and tables of 2-4, not a room size or rebuys', () => {
    expect(problemsOf(arena)).toEqual({});
    expect(problemsOf({ ...arena, duration_minutes: '9' }).duration_minutes?.key).toBe('form.range');
    expect(problemsOf({ ...arena, duration_minutes: '241' }).duration_minutes?.key).toBe('form.range');
    expect(problemsOf({ ...arena, table_size: '5' }).table_size?.key).toBe('form.range');
  });

  it('sends the arena fields without a room size, and no rebuys', () => {
    const body = tournamentBody({ ...valid, ...arena });
    expect(body).toMatchObject({ format: 'arena', duration_minutes: 45, table_size: 3, rebuy_rounds: 0 });
    expect(body).not.toHaveProperty('room_size');
    expect(tournamentBody(valid)).not.toHaveProperty('format');
  });
});
