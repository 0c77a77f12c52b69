import { describe, expect, it } from 'vitest';
import { canEnterAdmin, canSee } from './access';

describe('canEnterAdmin', () => {
  it.each([
    [['game.play', 'profile.edit'], false],
    [['game.play', 'agent.tree.read'], true],
    [['admin.access', 'admin.users.read'], true],
    [[], false],
  ])('%j -> %s', (permissions, allowed) => expect(canEnterAdmin(permissions)).toBe(allowed));
});

describe('canSee', () => {
  const agent = ['game.play', 'agent.tree.read'];
  it('an agent sees the home page and its agents, not banners, tournaments or the audit log', () => {
    expect((['home', 'agents', 'agent', 'banners', 'banner_create', 'tournaments', 'audit'] as const).map((s) => canSee(s, agent))).toEqual(
      [true, true, true, false, false, false, false],
    );
  });
  it('a player sees none of it', () => {
    expect(canSee('home', ['game.play'])).toBe(false);
  });
});
