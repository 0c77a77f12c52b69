import { describe, expect, it } from 'vitest';
import { createRoomBody, DEFAULT_CREATE_FORM, validateCreateRoom } from './create-room-form';

describe('create room form', () => {
  it('accepts the defaults when the wallet holds the bet', () => {
    expect(validateCreateRoom(DEFAULT_CREATE_FORM, '100')).toEqual([]);
  });
  it.each([
    ['a bet below 100', { bet_amount: 99 }, '1000', 'create/bet_too_small'],
    ['a bet above 10 000 000', { bet_amount: 10_000_001 }, '99999999', 'create/bet_too_large'],
    ['a fractional bet', { bet_amount: 150.5 }, '1000', 'create/bet_not_whole'],
    ['five players on 24 cards', { deck_size: 24 as const, player_count: 5 }, '1000', 'create/deck_too_small'],
    ['a private room with no password', { is_private: true, password: '' }, '1000', 'create/password_length'],
    ['a bet larger than the balance', { bet_amount: 5000 }, '4999', 'wallet/insufficient_funds'],
    ['no wallet of that type', {}, undefined, 'wallet/insufficient_funds'],
  ])('rejects %s', (_name, patch, balance, code) => {
    expect(validateCreateRoom({ ...DEFAULT_CREATE_FORM, ...patch }, balance)).toContain(code);
  });

  it('sends the password only for a private room', () => {
    expect(createRoomBody({ ...DEFAULT_CREATE_FORM, password: 'secret' })).not.toHaveProperty('password');
    expect(createRoomBody({ ...DEFAULT_CREATE_FORM, is_private: true, password: 'secret' })).toMatchObject({ password: 'secret' });
  });

  it('makes death match and classic exclusive', () => {
    expect(createRoomBody({ ...DEFAULT_CREATE_FORM, is_death_match_allowed: true })).toMatchObject({
      is_death_match_allowed: true,
      is_classic_mode_allowed: false,
    });
    expect(createRoomBody(DEFAULT_CREATE_FORM)).toMatchObject({ is_death_match_allowed: false, is_classic_mode_allowed: true });
  });
});
