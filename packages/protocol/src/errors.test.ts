import { ENGINE_ERRORS } from '@durak/engine';
import { describe, expect, it } from 'vitest';
import { errorStatus, httpStatusOf, isRuleErrorCode, type ErrorCode } from './errors.js';

describe('error status table', () => {
  it.each([
    ['request/invalid', 400],
    ['auth/token_expired', 401],
    ['auth/forbidden', 403],
    ['user/username_taken', 409],
    ['wallet/insufficient_funds', 409],
    ['room/password_required', 403],
    ['rule/stale_seq', 409],
  ] as const)('%s is %i', (code, status) => {
    expect(httpStatusOf(code)).toBe(status);
  });

  it('maps every engine rule code to 422, and tells them from its option and deal codes', () => {
    const rules = Object.values(ENGINE_ERRORS).filter(isRuleErrorCode);
    expect(rules).toContain('rule/not_your_turn');
    for (const code of rules) expect(httpStatusOf(code)).toBe(422);
    expect(isRuleErrorCode(ENGINE_ERRORS.optionDeckSize)).toBe(false);
    expect(isRuleErrorCode(ENGINE_ERRORS.badSeed)).toBe(false);
    // A rule code the engine does not have is not a code at all.
    // @ts-expect-error 'rule/made_up' is not one of the engine's rule codes
    const madeUp: ErrorCode = 'rule/made_up';
    expect(madeUp).toBe('rule/made_up');
  });

  it('every code is namespaced area/what', () => {
    for (const code of Object.keys(errorStatus)) expect(code).toMatch(/^[a-z]+\/[a-z_]+$/);
  });
});
