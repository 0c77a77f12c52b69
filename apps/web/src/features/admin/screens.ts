/**
 * SPEC §2: the admin area's screens, one per route under /admin; `audit` is FEATURES.md §5's
 * audit page and `user` a user's detail (docs/decisions.md).
 */
export const ADMIN_SCREENS = {
  home: '/admin',
  agents: '/admin/agents',
  agent: '/admin/agent/:id',
  tournaments: '/admin/tournaments',
  tournament: '/admin/tournament/:id',
  banners: '/admin/banners',
  banner: '/admin/banner/:id',
  banner_create: '/admin/banner/create',
  audit: '/admin/audit',
  reports: '/admin/reports',
  user: '/admin/user/:id',
  promocodes: '/admin/promocodes',
  integrity: '/admin/integrity',
  integrity_case: '/admin/integrity/:id',
} as const;
export type AdminScreen = keyof typeof ADMIN_SCREENS;
