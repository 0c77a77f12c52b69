import type { TournamentPayload } from '@durak/protocol';

/** The statuses the home page lists: those a player can still join or follow. */
export const HOME_STATUSES = ['registration', 'running', 'paused'] as const;
export const HOME_LIMIT = 5;

/** FEATURES §1 order (pinned first, then by start), one row per tournament, at most `limit`. */
export function homeTournaments(lists: ReadonlyArray<readonly TournamentPayload[]>, limit = HOME_LIMIT): TournamentPayload[] {
  const byId = new Map<number, TournamentPayload>();
  for (const list of lists) for (const t of list) byId.set(t.id, t);
  return [...byId.values()]
    .sort((a, b) => Number(b.is_pinned) - Number(a.is_pinned) || Date.parse(a.starts_at) - Date.parse(b.starts_at) || a.id - b.id)
    .slice(0, limit);
}
