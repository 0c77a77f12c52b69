import type { AdminScreen } from './screens';

/**
 * Who sees the admin area: administrators (admin.access) and agents, who read their own part of
 * the hierarchy (agent.tree.read). The server checks every admin call itself; this only hides.
 */
export function canEnterAdmin(permissions: readonly string[]): boolean {
  return permissions.includes('admin.access') || permissions.includes('agent.tree.read');
}

/** Any one of these permissions opens the screen (the same names the server checks on its calls). */
export const SCREEN_PERMISSIONS: Readonly<Record<AdminScreen, readonly string[]>> = {
  home: ['admin.access', 'agent.tree.read'],
  agents: ['admin.agents.read', 'agent.tree.read'],
  agent: ['admin.agents.read', 'agent.tree.read'],
  tournaments: ['admin.tournaments.manage'],
  tournament: ['admin.tournaments.manage'],
  banners: ['admin.banners.manage'],
  banner: ['admin.banners.manage'],
  banner_create: ['admin.banners.manage'],
  audit: ['admin.audit.read'],
  reports: ['admin.reports.read'],
  user: ['admin.users.read'],
  promocodes: ['admin.promocodes.manage'],
  integrity: ['admin.integrity.manage'],
  integrity_case: ['admin.integrity.manage'],
};

export function canSee(screen: AdminScreen, permissions: readonly string[]): boolean {
  return SCREEN_PERMISSIONS[screen].some((p) => permissions.includes(p));
}
