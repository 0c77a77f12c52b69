import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRoomsServer, type RoomsServer } from '../test-support/rooms-server.js';
import { rooms } from '../store/rooms-schema.js';
import { runSimulation } from './run-simulation.js';

let server: RoomsServer;
beforeAll(async () => {
  server = await startRoomsServer({ config: { authRateLimit: 0 } });
});
afterAll(async () => server?.close());

/** Two tables of two at a human pace, measured for a second. */
const twoTablesForASecond = () => ({
  url: server.url,
  games: 2,
  players: 2,
  concurrency: 2,
  thinkMs: { min: 100, max: 150 },
  maxSeconds: 1,
});

describe('the simulation at a human pace', () => {
  it('thinks before every move and stops when its window closes, counting only what the window saw', async () => {
    const thinkMs = { min: 100, max: 150 };
    const result = await runSimulation({ url: server.url, games: 2, players: 2, concurrency: 2, thinkMs, maxSeconds: 1.5 });
    // A game is dozens of moves; at 100-150 ms per move none ends in 1.5 s.
    expect(result.unfinished).toBe(2);
    expect(result.errors).toBe(0);
    expect(result.actions).toBeGreaterThan(0);
    // Two tables, one move at a time each, every move preceded by at least 100 ms of thought.
    expect(result.actions).toBeLessThanOrEqual(Math.ceil((2 * 1.5 * 1000) / thinkMs.min));
    expect(result.latencyMs.samples).toBeGreaterThan(0);
    expect(result.seconds).toBeLessThanOrEqual(1.5);
  });

  it("at the window's end waits for its hook before the tables leave: what the hook reads is the window's", async () => {
    let stillThere: number | undefined;
    const result = await runSimulation({
      ...twoTablesForASecond(),
      onPhase: async (phase) => {
        if (phase !== 'window_closed') return;
        // Three requests to the server and back, each after the tables' unsubscribes would have been
        // sent: had the tables not waited for this hook, the server would have had them by now.
        for (let i = 0; i < 3; i++) await fetch(`${server.url}/healthz`);
        const playing = await server.store.db.select({ id: rooms.id }).from(rooms).where(eq(rooms.status, 'in_progress'));
        stillThere = 0;
        for (const { id } of playing) stillThere += (await server.realtime.presence(`room:${id}`)).users.length;
      },
    });
    expect(result.unfinished).toBe(2);
    // Both players of both tables were still in their channels when the hook ran.
    expect(stillThere).toBe(4);
  });

  it('asked to, opens its window only once every table has started', async () => {
    const phases: string[] = [];
    const result = await runSimulation({
      ...twoTablesForASecond(),
      // The ramp ends after 10 ms, long before a table can have sat down and pressed ready: the
      // window waits for both (had it not, it would open before they all play).
      rampSeconds: 0.01,
      openWhenSeated: true,
      onPhase: (phase) => void phases.push(phase),
    });
    expect(phases.indexOf('all_playing')).toBeGreaterThanOrEqual(0);
    expect(phases.indexOf('window_open')).toBeGreaterThan(phases.indexOf('all_playing'));
    expect(phases.at(-1)).toBe('window_closed');
    expect(result.latencyMs.samples).toBeGreaterThan(0);
    expect(result.latencyMs.samples).toBeLessThanOrEqual(result.actions);
    expect(result.seconds).toBeLessThanOrEqual(1);
  });

  it('without a window plays every game to the end', async () => {
    const result = await runSimulation({ url: server.url, games: 1, players: 2, concurrency: 1 });
    expect(result.unfinished).toBe(0);
    expect(result.errors).toBe(0);
    expect(result.latencyMs.samples).toBeGreaterThan(0);
    expect(result.latencyMs.samples).toBeLessThanOrEqual(result.actions);
  });

  it('starts every table together when asked, and says when all play and when the first game is over', async () => {
    const phases: { phase: string; moves: number }[] = [];
    let later: { at: number; movesNow: () => number } | undefined;
    const result = await runSimulation({
      url: server.url,
      games: 3,
      players: 2,
      concurrency: 3,
      startTogether: true,
      onPhase: (phase, movesNow) => {
        phases.push({ phase, moves: movesNow() });
        // Kept to be asked later, when the tables have moved on.
        if (phase === 'all_playing') later = { at: movesNow(), movesNow };
      },
    });
    expect(result.unfinished).toBe(0);
    // The window opens at once (no ramp); then every table plays, then a game ends.
    expect(phases.map((p) => p.phase)).toContain('window_open');
    const [playing, over] = phases.filter((p) => p.phase !== 'window_open');
    expect([playing?.phase, over?.phase]).toEqual(['all_playing', 'first_over']);
    // Between the two only moves were made: most of a game's, at every table.
    expect(over!.moves - playing!.moves).toBeGreaterThan(10);
    expect(over!.moves).toBeLessThan(result.actions);
    expect(later!.movesNow()).toBeGreaterThan(later!.at);
  });
});
