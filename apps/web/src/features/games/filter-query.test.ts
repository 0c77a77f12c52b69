import { describe, expect, it } from 'vitest';
import { filterParams, roomMatchesFilter } from './filter-query';
import { DEFAULT_FILTER } from './filter-store';
import type { RoomPayload } from '@durak/protocol';
import { aRoom } from '../../test-support/room';

const room = (patch: Partial<RoomPayload> = {}): RoomPayload => aRoom({ bet_amount: '1000', is_transfer_allowed: true, ...patch });

describe('room filter', () => {
  it('asks the server with the spec defaults', () => {
    const params = filterParams(DEFAULT_FILTER);
    expect(params.get('page')).toBe('1');
    expect(params.get('limit')).toBe('50');
    expect(params.get('min_bet')).toBe('100');
    expect(params.get('max_bet')).toBe('10000000');
    expect(params.getAll('player_count')).toEqual(['2', '3', '4', '5', '6']);
    expect(params.getAll('deck_size')).toEqual(['24', '36', '52']);
    // Every wallet by default (FEATURES.md §17): no balance_type sent.
    expect(params.has('balance_type')).toBe(false);
    expect(params.has('is_speed_mode')).toBe(false);
    expect(params.has('is_team_mode')).toBe(false);
  });

  it('sends a chosen yes/no option and a later page', () => {
    const params = filterParams({ ...DEFAULT_FILTER, is_speed_mode: true, secret_trump_mode: false }, 3);
    expect(params.get('is_speed_mode')).toBe('true');
    expect(params.get('secret_trump_mode')).toBe('false');
    expect(params.get('page')).toBe('3');
    expect(filterParams({ ...DEFAULT_FILTER, is_team_mode: true }).get('is_team_mode')).toBe('true');
  });

  it.each([
    ['a room with a player count outside the list', { player_count: [3, 4] }, {}, false],
    ['a room whose count is in the list', { player_count: [2] }, {}, true],
    ['any count when the list is empty', { player_count: [] }, { player_count: 6 }, true],
    ['a bet below the range', { min_bet: 5000 }, {}, false],
    ['a bet above the range', { max_bet: 999 }, {}, false],
    ['a speed room when only normal rooms are wanted', { is_speed_mode: false }, { is_speed_mode: true }, false],
    [
      'neighbours-only rooms when only all-players are wanted',
      { card_transfer_permission: ['ALL_PLAYERS' as const] },
      { card_transfer_permission: 'NEIGHBORS_ONLY' as const },
      false,
    ],
    ['another wallet type than the one chosen', { balance_type: 'BONUS_BALANCE' }, { balance_type: 'BALANCE' as const }, false],
    ['a BALANCE room under the default "all wallets"', {}, { balance_type: 'BALANCE' as const }, true],
    ['a finished room', {}, { status: 'FINISHED' as const }, false],
    ['a 52-card room when only 24 and 36 are wanted', { deck_size: [24, 36] }, { deck_size: 52 }, false],
    ['a 52-card room by default', {}, { deck_size: 52 }, true],
    ['a two-against-two room when only one-against-all is wanted', { is_team_mode: false }, { is_team_mode: true }, false],
    ['a room from an older server (no is_team_mode) when team rooms are wanted', { is_team_mode: true }, {}, false],
    ['a two-against-two room when team rooms are wanted', { is_team_mode: true }, { is_team_mode: true }, true],
  ])('judges %s', (_name, filterPatch, roomPatch, isShown) => {
    expect(roomMatchesFilter(room(roomPatch), { ...DEFAULT_FILTER, ...filterPatch })).toBe(isShown);
  });
});
