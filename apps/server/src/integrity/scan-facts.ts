import type { Action, GameState } from '@durak/engine';
import { sql } from 'drizzle-orm';
import type { BotDecisions } from '../room-core/room-seams.js';
import { queryRows, type Store } from '../store/db.js';
import { integritySeatFacts } from '../store/integrity-schema.js';
import { hardOnTheSpot, seatFacts, type HardChoice } from './replay.js';

/** Ids as a Postgres array literal (drizzle's `sql` would spread a JS array into a list). */
const idList = (ids: readonly number[]) => `{${ids.map((id) => Math.trunc(id)).join(',')}}`;

/**
 * The `hard` bot's choice as the scan asks it: from the node's bot worker when there is one (the
 * search never runs on the event loop the tables share), else on the spot.
 */
export function hardChoiceOf(bots: BotDecisions | undefined): HardChoice {
  if (bots === undefined) return hardOnTheSpot;
  return async (view, seed) => {
    await bots.think({ view, level: 'hard', seed });
    return bots.take(seed) ?? null;
  };
}

/**
 * Replays the finished games not analysed yet (`replay.ts`) and stores each person's facts, one
 * row a seat. Plain reads; one insert a game (a retry after a lost lease inserts nothing twice).
 * Practice games (the room's bots) are skipped: nothing is at stake there.
 */
export async function analyseGames(store: Store, roomIds: readonly number[], hard: HardChoice | null): Promise<void> {
  if (roomIds.length === 0) return;
  const rooms = await queryRows<{ id: number; state: Pick<GameState, 'options' | 'players' | 'seed'> }>(
    store.db,
    sql`select r.id, jsonb_build_object('options', r.game_state->'options', 'players', r.game_state->'players', 'seed', r.game_state->'seed') as state
        from rooms r
        where r.id = any(${idList(roomIds)}::bigint[]) and r.bot_level is null and r.game_state is not null
          and not exists (select 1 from integrity_seat_facts f where f.room_id = r.id)`,
  );
  for (const room of rooms) {
    const { options, players, seed } = room.state;
    if (seed === null || seed === undefined) continue;
    const steps = await queryRows<{ action: Action | null; cause: string | null }>(
      store.db,
      sql`select action, cause from game_events where room_id = ${room.id} order by seq`,
    );
    const facts = await seatFacts({ options, players, seed }, steps, hard);
    const rows = [...facts]
      .filter(([player]) => /^\d+$/.test(player))
      .map(([player, f]) => ({ roomId: Number(room.id), userId: Number(player), ...f }));
    if (rows.length > 0) await store.db.insert(integritySeatFacts).values(rows).onConflictDoNothing();
  }
}
