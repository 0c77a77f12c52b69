// The agent figure query (GET /api/admin/info/admin/agent/{id}) for an agent with 100,000 players
// below it, p50/p99, on PGlite and on PostgreSQL. The tree: one top agent, 10 sub-agents, 100
// sub-sub-agents, 1,000 players under each of those, and as many users again in other trees so
// the downline lookup has to pick its rows out of a bigger table. A third of the players played
// in the last 30 days; the top agent has a year of daily rollups. Imports the built server.
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { agentChildren, agentFigures } from '../apps/server/dist/admin/agents.js';
import { percentile } from '../apps/server/dist/simulation/percentiles.js';
import { onEachDatabase } from './support.mjs';

const playersPerLeaf = Number(process.env.AGENT_BENCH_PLAYERS_PER_LEAF ?? 1000);
const others = Number(process.env.AGENT_BENCH_OTHERS ?? 100_000);
const runs = Number(process.env.AGENT_BENCH_RUNS ?? 200);
const now = new Date();

/** Inserts the tree with set-based statements; the insert trigger fills every `ancestors` path. */
async function prepare(store) {
  const db = store.db;
  const [{ id: top }] = (await db.execute(sql`insert into users (username, commission_bps) values ('bench_top', 3000) returning id`)).rows;
  await db.execute(sql`insert into user_roles values (${top}, 'player'), (${top}, 'agent')`);
  await db.execute(
    sql`insert into users (username, parent_id, commission_bps) select 'bench_sub_' || g, ${top}, 2000 from generate_series(1, 10) g`,
  );
  await db.execute(sql`insert into users (username, parent_id, commission_bps)
    select 'bench_leaf_' || s.id || '_' || g, s.id, 1000 from users s, generate_series(1, 10) g where s.parent_id = ${top}`);
  await db.execute(
    sql`insert into user_roles select id, 'agent' from users where username like 'bench_sub_%' or username like 'bench_leaf_%'`,
  );
  // One statement per leaf agent: the trigger reads the parent's path per row.
  const leaves = (await db.execute(sql`select id from users where username like 'bench_leaf_%'`)).rows;
  for (const { id } of leaves) {
    await db.execute(sql`insert into users (username, parent_id, last_played_at)
      select 'bench_p_' || ${id} || '_' || g, ${id}, case when g % 3 = 0 then ${now.toISOString()}::timestamptz - (g % 29) * interval '1 day' end
      from generate_series(1, ${playersPerLeaf}) g`);
  }
  // Users in other trees: their own roots, 100 players each.
  await db.execute(sql`insert into users (username) select 'bench_root_' || g from generate_series(1, ${Math.ceil(others / 100)}) g`);
  await db.execute(sql`insert into users (username, parent_id, last_played_at)
    select 'bench_o_' || r.id || '_' || g, r.id, ${now.toISOString()}::timestamptz from users r, generate_series(1, 100) g where r.username like 'bench_root_%'`);
  await db.execute(sql`insert into agent_rollups (agent_id, day, games, rake, commission_units)
    select ${top}, (${now.toISOString()}::date - g), 500, 100000, 30000000 from generate_series(0, 364) g`);
  await db.execute(sql`analyze`);
  const [{ n }] = (await db.execute(sql`select count(*)::int as n from users`)).rows;
  return { top: Number(top), users: n };
}

async function timed(fn) {
  const samples = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await fn();
    samples.push(performance.now() - started);
  }
  return `p50 ${percentile(samples, 50).toFixed(1)} ms  p99 ${percentile(samples, 99).toFixed(1)} ms`;
}

async function measure(name, store) {
  const started = performance.now();
  const { top, users } = await prepare(store);
  const figures = await agentFigures(store.db, top, now);
  console.log(
    `${name}: ${users} users, top agent's downline ${figures.players} (${figures.active_players_30d} active), built in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  console.log(`  figures   ${await timed(() => agentFigures(store.db, top, now))}`);
  console.log(`  children  ${await timed(() => agentChildren(store.db, top, 1, 50))}`);
}

console.log(`agent figures: ${runs} runs each, ${playersPerLeaf * 100} players under the top agent, ${others} users elsewhere`);
await onEachDatabase(measure, { poolSize: 2 });
