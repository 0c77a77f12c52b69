import type { PresenceSummary } from '@durak/protocol';
import { sql } from 'drizzle-orm';
import { queryRows, type Store } from '../store/db.js';

export interface PresenceSummaryOptions {
  readonly store: Store;
  /** Distinct users connected on any node (the broker's count of `#id` presence). */
  readonly onlineUsers: () => Promise<number>;
  readonly now?: () => Date;
  /**
   * How long one node reuses a summary. Home and lobby poll it; without this every open page
   * would cost a query and a Redis round trip per poll, for a number nobody reads to the second.
   */
  readonly cacheMs?: number;
}

/** `GET /api/v1/presence/summary` (FEATURES.md §11): online from the realtime broker, the rest from the rooms. */
export function createPresenceSummary(options: PresenceSummaryOptions) {
  const now = options.now ?? (() => new Date());
  const cacheMs = options.cacheMs ?? 5000;
  let cached: { at: number; value: Promise<PresenceSummary> } | undefined;

  async function count(): Promise<PresenceSummary> {
    const [rooms] = await queryRows<{ playing: number; waiting: number }>(
      options.store.db,
      sql`select
            (select count(distinct s.user_id)::int from room_seats s join rooms r on r.id = s.room_id join users u on u.id = s.user_id
              where r.status = 'in_progress' and not u.is_bot) as playing,
            (select count(*)::int from rooms r where r.status in ('pending', 'ready') and r.tournament_id is null and r.bot_level is null) as waiting`,
    );
    let online = 0;
    try {
      online = await options.onlineUsers();
    } catch {
      // Without the broker the count is unknown; zero is shown rather than failing the page.
    }
    return { online, playing: rooms?.playing ?? 0, rooms_waiting: rooms?.waiting ?? 0 };
  }

  return {
    summary(): Promise<PresenceSummary> {
      const at = now().getTime();
      if (cached && at - cached.at < cacheMs && at >= cached.at) return cached.value;
      const value = count();
      cached = { at, value };
      // A failed count is not kept: the next poll tries again.
      value.catch(() => {
        if (cached?.value === value) cached = undefined;
      });
      return value;
    },
  };
}

export type PresenceSummaryService = ReturnType<typeof createPresenceSummary>;
