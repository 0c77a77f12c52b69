import { describe, expect, it } from 'vitest';
import { detail } from './fixtures.test-support';
import { canRebuy, canRegister, canWithdraw, errorKey, optionWords } from './tournament-rules';

describe('what the player is offered', () => {
  it('registers while open and not full; withdraws only before the start', () => {
    expect(canRegister(detail())).toBe(true);
    expect(canRegister(detail({ players_count: 8 }))).toBe(false);
    expect(canRegister(detail({}, { is_registered: true }))).toBe(false);
    expect(canRegister(detail({ status: 'running' }))).toBe(false);
    expect(canWithdraw(detail({}, { is_registered: true }))).toBe(true);
    expect(canWithdraw(detail({ status: 'running' }, { is_registered: true }))).toBe(false);
  });

  it.each([
    ['knocked out in round 1 of 2 rebuy rounds', { status: 'running', round: 1, rebuy_rounds: 2 }, true, false, true],
    ['during a pause', { status: 'paused', round: 2, rebuy_rounds: 2 }, true, false, true],
    ['after the rebuy rounds', { status: 'running', round: 3, rebuy_rounds: 2 }, true, false, false],
    ['once the final is drawn', { status: 'running', round: 1, rebuy_rounds: 2 }, true, true, false],
    ['still playing', { status: 'running', round: 1, rebuy_rounds: 2 }, false, false, false],
    ['no rebuys in this tournament', { status: 'running', round: 1, rebuy_rounds: 0 }, true, false, false],
    ['finished', { status: 'finished', round: 1, rebuy_rounds: 2 }, true, false, false],
  ] as const)('rebuy %s', (_name, over, isEliminated, isFinal, expected) => {
    expect(canRebuy(detail(over, { is_registered: true, is_eliminated: isEliminated }), isFinal)).toBe(expected);
  });
});

describe('options in words', () => {
  it('names the ending always, the flags that are on, and neighbours-only transfers', () => {
    expect(optionWords(detail())).toEqual(['is_classic_mode_allowed']);
    expect(
      optionWords(
        detail({
          is_death_match_allowed: true,
          is_classic_mode_allowed: false,
          is_transfer_allowed: true,
          card_transfer_permission: 'NEIGHBORS_ONLY',
          is_speed_mode: true,
        }),
      ),
    ).toEqual(['is_death_match_allowed', 'is_speed_mode', 'is_transfer_allowed', 'NEIGHBORS_ONLY']);
  });
});

describe('errors and money', () => {
  it('explains the 409 codes in its own words and leaves unknown ones to the server', () => {
    expect(errorKey('tournament/full')).toBe('error.tournament_full');
    expect(errorKey('wallet/insufficient_funds')).toBe('error.wallet_insufficient_funds');
    expect(errorKey('room/not_found')).toBeNull();
  });
});
