import { describe, expect, it } from 'vitest';
import { errorStatus, httpStatusOf } from './errors.js';

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

  it('maps any engine rule code to 422', () => {
    expect(httpStatusOf('rule/not_your_turn')).toBe(422);
  });

  it('every code is namespaced area/what', () => {
    for (const code of Object.keys(errorStatus)) expect(code).toMatch(/^[a-z]+\/[a-z_]+$/);
  });
});
