/**
 * Who sees the admin area: administrators (admin.access) and agents, who read their own part of
 * the hierarchy (agent.tree.read). The server checks every admin call itself; this only hides.
 */
export function canEnterAdmin(permissions: readonly string[]): boolean {
  return permissions.includes('admin.access') || permissions.includes('agent.tree.read');
}

/** The tournament pages (/admin/tournaments, /admin/tournament/{id}) need their own permission. */
export function canManageTournaments(permissions: readonly string[]): boolean {
  return permissions.includes('admin.tournaments.manage');
}
