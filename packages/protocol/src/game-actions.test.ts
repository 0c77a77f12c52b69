import { describe, expect, it } from 'vitest';
import { roomActionPath } from './game-actions.js';

describe('the path of a move', () => {
  it.each([
    ['attack', 'rooms/7/attack'],
    ['defence', 'rooms/7/defence'],
    ['transfer', 'rooms/7/transfer'],
    ['beat', 'rooms/7/beat'],
    ['take', 'rooms/7/take'],
    ['catch', 'rooms/7/catch'],
    ['surrender', 'rooms/7/surrender'],
  ] as const)('a player sends %s to its own route', (type, path) => {
    expect(roomActionPath(7, type)).toBe(path);
  });

  it("a timeout is the server clock's, never sent: asking for its path is a bug", () => {
    expect(() => roomActionPath(7, 'timeout')).toThrow();
  });
});
