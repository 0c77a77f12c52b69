import { describe, expect, it } from 'vitest';
import { checkPassword, checkRepeat, checkUsername, serverProblemKey } from './validate';

describe('form checks', () => {
  it.each([
    ['', 'errors.required'],
    ['ab', 'errors.username_format'],
    ['ivan 2', 'errors.username_format'],
    ['Иван_2024', null],
    ['player.one', null],
    ['card-shark', null],
  ])('username %j -> %s', (value, problem) => expect(checkUsername(value)).toBe(problem));

  it('only asks for a name when signing in', () => {
    expect(checkUsername('a b', false)).toBeNull();
    expect(checkUsername(' ', false)).toBe('errors.required');
  });

  it('asks for 8 characters only in a new password', () => {
    expect(checkPassword('short', true)).toBe('errors.password_short');
    expect(checkPassword('short', false)).toBeNull();
    expect(checkPassword('', false)).toBe('errors.required');
    expect(checkPassword('long enough', true)).toBeNull();
  });

  it('wants the repeated password to match', () => {
    expect(checkRepeat('secret-1', 'secret-2')).toBe('errors.password_mismatch');
    expect(checkRepeat('secret-1', 'secret-1')).toBeNull();
  });

  it('maps server codes to messages', () => {
    expect(serverProblemKey('user/username_taken')).toBe('errors.username_taken');
    expect(serverProblemKey('auth/banned')).toBe('access_revoked.banned');
    expect(serverProblemKey('auth/invalid_credentials')).toBe('errors.invalid_credentials');
    expect(serverProblemKey('room/full')).toBe('errors.unknown');
  });
});
