import { describe, expect, it } from 'vitest';
import { canEnterAdmin, canManageTournaments } from './access';

describe('canEnterAdmin', () => {
  it.each([
    [['game.play', 'profile.edit'], false],
    [['game.play', 'agent.tree.read'], true],
    [['admin.access', 'admin.users.read'], true],
    [[], false],
  ])('%j -> %s', (permissions, allowed) => expect(canEnterAdmin(permissions)).toBe(allowed));
});

describe('canManageTournaments', () => {
  it.each([
    [['admin.access', 'admin.tournaments.manage'], true],
    [['admin.access', 'admin.users.read'], false],
    [['agent.tree.read'], false],
  ])('%j -> %s', (permissions, allowed) => expect(canManageTournaments(permissions)).toBe(allowed));
});
