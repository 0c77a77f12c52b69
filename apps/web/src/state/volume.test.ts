import { describe, expect, it } from 'vitest';
import { clampVolume } from './volume';

describe('clampVolume', () => {
  it.each([
    [0.5, 0.5],
    [-1, 0],
    [7, 1],
    [Number.NaN, 0],
  ])('%s -> %s', (input, output) => expect(clampVolume(input)).toBe(output));
});
