import { describe, expect, it } from 'vitest';
import { routeId } from './route-id';

describe('a route id', () => {
  it('is a positive whole number, and anything else is none', () => {
    expect(routeId('42')).toBe(42);
    for (const raw of [undefined, '', '0', '-1', 'abc', '1.5', '12abc', '9999999999999999']) expect(routeId(raw), String(raw)).toBeNull();
  });
});
