import { describe, expect, it } from 'vitest';
import { dataCheckString, parentFromStartParam, parseStartParam, signInitData, validateInitData } from './init-data.js';

const bot = '123456:TEST-token_abc';
const now = new Date('2026-01-01T12:00:00Z');
const fields = (over: Record<string, string> = {}) => ({
  auth_date: String(Math.floor(now.getTime() / 1000) - 60),
  query_id: 'AAH',
  user: JSON.stringify({ id: 777, first_name: 'Ivan', username: 'ivan_tg', language_code: 'ru' }),
  start_param: 'pr_42',
  ...over,
});

describe('telegram init data', () => {
  it('accepts init data signed with our bot token', () => {
    const result = validateInitData(signInitData(fields(), bot), bot, now);
    expect(result.ok).toBe(true);
    if (result.ok) {
      expect(result.value.user.id).toBe(777n);
      expect(result.value.user.username).toBe('ivan_tg');
      expect(result.value.startParam).toBe('pr_42');
    }
  });

  it('refuses a tampered field', () => {
    const signed = new URLSearchParams(signInitData(fields(), bot));
    signed.set('start_param', 'pr_1');
    const result = validateInitData(signed.toString(), bot, now);
    expect(result.ok ? 'ok' : result.error.code).toBe('auth/telegram_invalid');
  });

  it('refuses data signed with another bot token', () => {
    const result = validateInitData(signInitData(fields(), '999:OTHER'), bot, now);
    expect(result.ok ? 'ok' : result.error.code).toBe('auth/telegram_invalid');
  });

  it('refuses data older than 24 hours', () => {
    const old = String(Math.floor(now.getTime() / 1000) - 24 * 3600 - 1);
    const result = validateInitData(signInitData(fields({ auth_date: old }), bot), bot, now);
    expect(result.ok ? 'ok' : result.error.code).toBe('auth/telegram_expired');
  });

  it('refuses data with no hash', () => {
    expect(validateInitData('auth_date=1&user=%7B%7D', bot, now).ok).toBe(false);
  });

  it('signs every field but hash, sorted by key (signature included)', () => {
    const params = new URLSearchParams({ b: '2', hash: 'x', signature: 's', a: '1' });
    expect(dataCheckString(params)).toBe('a=1\nb=2\nsignature=s');
  });
});

describe('start_param', () => {
  it.each([
    ['pr_42', 42],
    ['pr=42', 42],
    ['ref_abc-pr_42', 42],
    ['pr_42-pr_7', 42],
    ['pr_x', undefined],
    ['', undefined],
    [undefined, undefined],
  ])('%s gives parent %s', (param, parent) => {
    expect(parentFromStartParam(param)).toBe(parent);
  });

  it('splits pairs on "-" and key from value on "=" or "_"', () => {
    expect([...parseStartParam('a_1-b=2-c_d_e')]).toEqual([
      ['a', '1'],
      ['b', '2'],
      ['c', 'd_e'],
    ]);
  });
});
