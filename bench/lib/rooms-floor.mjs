// The floor of bench/rooms.mjs: the transaction one move needs, on the bare driver, with none of the
// product around it (a bench's helper, not a bench: scripts/bench.mjs runs only bench/*.mjs).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { DEFAULT_OPTIONS, applyAction, awaited, chooseAction, createGame, legalActions, viewFor } from '@durak/engine';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { createStore } from '../../apps/server/dist/store/db.js';

/** A mid-game state (a dozen bot moves in), so the floor writes a state of realistic size. */
function midGameState() {
  let { state } = createGame(DEFAULT_OPTIONS, ['1', '2'], { seed: randomBytes(32).toString('hex') });
  let last = { action: null, events: [] };
  const random = () => 0.5;
  for (let i = 0; i < 12 && state.phase !== 'finished'; i++) {
    const player = awaited(state).players[0];
    const action = chooseAction(viewFor(state, player), legalActions(viewFor(state, player), player), random);
    const applied = applyAction(state, action);
    if (!applied.ok) break;
    state = applied.state;
    last = { action, events: applied.events };
  }
  return { state, ...last };
}

/**
 * The floor: the transaction one move needs, on the bare driver (node `pg`, or a PGlite of its
 * own), with none of the product around it. BEGIN; SELECT ... FOR UPDATE of the room row; the event
 * row and the room's new state in one statement; COMMIT — four statements, named and prepared once
 * per connection on PostgreSQL, with a JSONB state of a real game's size.
 */
const floorSql = {
  lock: 'select seq, game_state, time_banks, exit_reasons from rooms where id = $1 for update',
  save:
    'with event as (insert into game_events (room_id, seq, action, events) values ($1, $2, $3::jsonb, $4::jsonb)) ' +
    'update rooms set game_state = $5::jsonb, seq = $2, expires_at = $6::timestamptz, timer_started_at = $7::timestamptz where id = $1',
};

/**
 * The floor's own rooms, beside the product's in the same tables. They are FINISHED rows (the
 * floor locks and writes them by id all the same): live ones would be the server's to sweep, and 30 s
 * after the floor's last write the stand-in would take their seats and play 200 games with the hard
 * bot in the middle of the product's rounds.
 */
async function floorRooms(query, concurrency) {
  const step = midGameState();
  const [user] = await query(`insert into users (username) values ('bench_${randomBytes(4).toString('hex')}') returning id`);
  const ids = [];
  for (let i = 0; i < concurrency; i++) {
    const [room] = await query(
      `insert into rooms (creator_id, bet_amount, balance_type, player_count, deck_size, is_speed_mode, is_transfer_allowed, is_cheating_allowed, is_draw_allowed, is_death_match_allowed, is_classic_mode_allowed, card_transfer_permission, secret_trump_mode, status, game_state, seq)
       values ($1, 100, 'BONUS_BALANCE', 2, 36, false, false, false, false, false, true, 'ALL_PLAYERS', false, 'FINISHED', $2::jsonb, $3) returning id`,
      [user.id, JSON.stringify(step.state), step.state.seq],
    );
    ids.push(Number(room.id));
  }
  return { step, ids };
}

/** Runs the floor for `seconds` with `workers` transactions at a time; per transaction: rate and this process's CPU. */
async function floorRound({ step, ids }, workers, seconds, transaction) {
  let done = 0;
  const cpu = process.cpuUsage();
  const started = performance.now();
  const until = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: workers }, async (_, w) => {
      for (let i = w; performance.now() < until; i += workers) {
        await transaction(async (query) => {
          const id = ids[i % ids.length];
          const [room] = await query('lock', floorSql.lock, [id]);
          const seq = room.seq + 1;
          const now = new Date();
          await query('save', floorSql.save, [
            id,
            seq,
            JSON.stringify(step.action),
            JSON.stringify(step.events),
            JSON.stringify({ ...room.game_state, seq }),
            new Date(now.getTime() + 30_000).toISOString(),
            now.toISOString(),
          ]);
        });
        done++;
      }
    }),
  );
  const used = process.cpuUsage(cpu);
  const took = (performance.now() - started) / 1000;
  return { perSecond: done / took, cpuMs: (used.user + used.system) / 1000 / done };
}

/**
 * The bare `pg` floor on the server's own database: named statements, prepared once per connection,
 * pipelined as the server's store does (BEGIN with the lock, the write with COMMIT).
 */
export async function pgFloor(url, { workers, concurrency, seconds }) {
  const pool = new pg.Pool({ connectionString: url, max: workers, pipeline: true });
  const rooms = await floorRooms(async (text, values) => (await pool.query(text, values)).rows, concurrency);
  return {
    roundTrips: 2,
    round: () =>
      floorRound(rooms, workers, seconds, async (body) => {
        const client = await pool.connect();
        try {
          const begun = client.query('begin');
          let committed;
          await body(async (name, text, values) => {
            const sent = client.query({ name: `floor_${name}`, text, values });
            if (name === 'lock') return (await Promise.all([begun, sent]))[1].rows;
            committed = client.query('commit');
            await Promise.all([sent, committed]);
            return [];
          });
          if ((await committed).command !== 'COMMIT') throw new Error('floor transaction rolled back');
        } catch (error) {
          await client.query('rollback').catch(() => {});
          throw error;
        } finally {
          client.release();
        }
      }),
    close: () => pool.end(),
  };
}

/** The bare PGlite floor: a PGlite of its own (one process owns a data directory), migrated by the store. */
export async function pgliteFloor({ workers, concurrency, seconds }) {
  const dir = mkdtempSync(join(tmpdir(), 'durak-bench-floor-'));
  await (await createStore({ pgliteDir: dir })).close();
  const lite = new PGlite(dir);
  const rooms = await floorRooms(async (text, values) => (await lite.query(text, values)).rows, concurrency);
  return {
    roundTrips: 4,
    round: () =>
      floorRound(rooms, workers, seconds, (body) =>
        lite.transaction((tx) => body(async (_name, text, values) => (await tx.query(text, values)).rows)),
      ),
    close: async () => {
      await lite.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
