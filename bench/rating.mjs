// The rating table over 100,000 rated players (FEATURES.md §3): p50/p99 of one page with the
// caller's own place, for the all-time table and the week's, on the embedded database and on a
// temporary PostgreSQL database when one answers (support.mjs). Goes through the players service
// the route calls.
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { createPlayersService } from '../apps/server/dist/players/players-service.js';
import { onEachDatabase } from './support.mjs';

const count = Number(process.env.RATING_BENCH_PLAYERS ?? 100_000);
const samples = Number(process.env.RATING_BENCH_SAMPLES ?? 200);
const now = new Date('2026-06-01T12:00:00Z');

async function fill(store) {
  // Users, stats and a week of history in set-based statements (the bench measures the reads).
  await store.db.execute(sql`insert into users (username) select 'rb_' || g from generate_series(1, ${count}) g`);
  await store.db.execute(sql`
    insert into player_stats (user_id, rating, rd, games, wins)
    select id, 1000 + (hashtext(username) & 1023), 80, 10 + (id % 50), id % 30 from users where username like 'rb_%'`);
  await store.db.execute(sql`
    insert into rating_history (user_id, room_id, rating, rd, result, at)
    select user_id, 1, rating, rd, case when user_id % 2 = 0 then 'victory' else 'defeat' end,
           ${now.toISOString()}::timestamptz - ((user_id % 14) || ' days')::interval
    from player_stats`);
  await store.db.execute(sql`analyze`);
  const rows = await store.db.execute(sql`select min(user_id)::int as lo, max(user_id)::int as hi from player_stats`);
  return rows.rows[0];
}

const pct = (xs, p) => xs.sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];

async function measure(name, store) {
  const { lo, hi } = await fill(store);
  const players = createPlayersService({
    store,
    realtime: { publish: async () => {}, presence: async () => ({ users: [] }) },
    referralBonus: 0n,
    sweepIntervalMs: 0,
    now: () => now,
  });
  for (const period of ['all', 'week']) {
    const times = [];
    for (let i = 0; i < samples; i++) {
      const caller = lo + Math.floor(Math.random() * (hi - lo + 1));
      const page = 1 + Math.floor(Math.random() * 50);
      const started = performance.now();
      const answer = await players.rating({ period, page, limit: 50 }, caller);
      times.push(performance.now() - started);
      if (answer.items.length !== 50) throw new Error(`page ${page} had ${answer.items.length} rows`);
    }
    console.log(
      `${name} rating table of ${count} players, period=${period}, 50 a page + own place: p50 ${pct(times, 50).toFixed(1)} ms, p99 ${pct(times, 99).toFixed(1)} ms (${samples} calls)`,
    );
  }
}

// Fifty pages of 50 are read at random, and the week's table holds about half of the players
// (their last game is spread over 14 days): fewer than 6,000 would leave pages short.
if (count < 6_000) throw new Error('RATING_BENCH_PLAYERS must be at least 6,000');
await onEachDatabase(measure);
