import { describe, expect, it } from 'vitest';
import { canEnterAdmin } from './access';

describe('canEnterAdmin', () => {
  it.each([
    [['game.play', 'profile.edit'], false],
    [['game.play', 'agent.tree.read'], true],
    [['admin.access', 'admin.users.read'], true],
    [[], false],
  ])('%j -> %s', (permissions, allowed) => expect(canEnterAdmin(permissions)).toBe(allowed));
});
