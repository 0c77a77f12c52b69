import type { Role } from '@durak/protocol';

/**
 * What each role may do: deny by default, a permission exists only where it is listed here. The
 * server checks these names on every admin route; the web only uses them (via GET
 * /api/permission/me) to hide what a user may not do.
 */
export const rolePermissions: Readonly<Record<Role, readonly string[]>> = {
  player: ['game.play', 'profile.edit'],
  // An agent reads its own part of the hierarchy: itself, its sub-agents and their figures.
  agent: ['game.play', 'profile.edit', 'agent.tree.read'],
  admin: [
    'game.play',
    'profile.edit',
    'admin.access',
    'admin.users.read',
    'admin.users.manage',
    'admin.users.adjust',
    // Ban and unban (FEATURES.md §8): apart from manage, so a support role can be given one without the other.
    'admin.users.ban',
    'admin.agents.read',
    'admin.tournaments.manage',
    'admin.banners.manage',
    'admin.ledger.read',
    'admin.audit.read',
    'admin.promocodes.manage',
    'admin.reports.read',
    // Fair play (FEATURES.md §12): the integrity cases, freezing, dismissing and confirming them.
    'admin.integrity.manage',
    // Resolving a chat report (FEATURES.md §17).
    'admin.reports.resolve',
  ],
};

export type Permission = string;

export function permissionsOf(roles: readonly Role[]): string[] {
  return [...new Set(roles.flatMap((r) => rolePermissions[r]))].sort();
}

export function hasPermission(roles: readonly Role[], permission: Permission): boolean {
  return roles.some((r) => rolePermissions[r].includes(permission));
}
