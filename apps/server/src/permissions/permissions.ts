import type { Role } from '@durak/protocol';

/**
 * What each role may do. The server checks these names on every admin route; the web only uses
 * them (via GET /api/permission/me) to hide what a user may not do.
 */
export const rolePermissions: Readonly<Record<Role, readonly string[]>> = {
  player: ['game.play', 'profile.edit'],
  agent: ['game.play', 'profile.edit', 'agent.tree.read'],
  admin: [
    'game.play',
    'profile.edit',
    'admin.access',
    'admin.users.read',
    'admin.agents.read',
    'admin.tournaments.manage',
    'admin.banners.manage',
    'admin.ledger.read',
    'admin.promocodes.manage',
  ],
};

export type Permission = string;

export function permissionsOf(roles: readonly Role[]): string[] {
  return [...new Set(roles.flatMap((r) => rolePermissions[r]))].sort();
}

export function hasPermission(roles: readonly Role[], permission: Permission): boolean {
  return roles.some((r) => rolePermissions[r].includes(permission));
}
