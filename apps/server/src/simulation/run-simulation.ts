import { DEFAULT_OPTIONS, chooseAction, legalActions, type Action, type GameView } from '@durak/engine';
import { roomActionPath } from '@durak/protocol';
import { Centrifuge, type Subscription } from 'centrifuge';
import { WebSocket } from 'ws';
import { percentile } from './percentiles.js';

export interface SimulationOptions {
  /** http://host:port of a running server. */
  readonly url: string;
  readonly games: number;
  readonly players: number;
  /** Games played at the same time. */
  readonly concurrency: number;
  /** Room options merged over a classic 36-card room with a 100 bet. */
  readonly room?: Record<string, unknown>;
  /**
   * A player's think time before each move, drawn uniformly from [min, max] ms. Absent: every
   * player acts the instant its view arrives (a closed loop that measures saturation, not players).
   */
  readonly thinkMs?: { readonly min: number; readonly max: number };
  /**
   * Stop after this many seconds even if games are still running: no new moves are sent, and the
   * figures cover the window. Absent: play every game to the end.
   */
  readonly maxSeconds?: number;
  /**
   * Spread the first game of each table evenly over this many seconds, and count moves (and their
   * latency) only from then on: players do not all sit down in the same instant. Default 0.
   */
  readonly rampSeconds?: number;
  /**
   * With `maxSeconds`: the window opens at the ramp's end or, when some table has not started its
   * first game by then (the server is still busy seating the others), once it has. The moves made
   * before are timed apart (`seatingLatencyMs`).
   */
  readonly openWhenSeated?: boolean;
  readonly log?: (line: string) => void;
  /**
   * Every table sits down and only then do they all start their first game (press ready), so
   * that the moves of the first games do not overlap with the other tables' seating.
   */
  readonly startTogether?: boolean;
  /**
   * Told when every table has started its first game
   * (`all_playing`) and when the first game is over after that (`first_over`): with
   * `startTogether`, the server does nothing but moves in between, so a bench reads its own
   * counters there to price a move alone (no sign-ups, seating or payouts). `window_open`: the
   * measured window starts (after the ramp). `window_closed` (with `maxSeconds`): it ends; the
   * tables leave only once the promise the hook returns settles. `movesNow` counts the moves
   * answered so far when called: a reading of the server that arrives later pairs with the count
   * of that moment.
   */
  readonly onPhase?: (phase: 'all_playing' | 'first_over' | 'window_open' | 'window_closed', movesNow: () => number) => unknown;
}

export interface Latency {
  readonly p50: number;
  readonly p90: number;
  readonly p99: number;
  readonly max: number;
  readonly samples: number;
}

export interface SimulationResult {
  readonly games: number;
  readonly actions: number;
  readonly seconds: number;
  readonly gamesPerSecond: number;
  readonly actionsPerSecond: number;
  /** From sending an action over HTTP to its `turn` publication arriving on a player's socket, ms. */
  readonly latencyMs: Latency;
  /** The same for the moves made while tables were still sitting down (`openWhenSeated`), before the window. */
  readonly seatingLatencyMs: Latency;
  readonly errors: number;
  /** Games abandoned unfinished when `maxSeconds` ran out. */
  readonly unfinished: number;
}

interface Player {
  readonly id: number;
  readonly token: string;
  readonly client: Centrifuge;
  /** The handler of `view` pushes on the player's own channel for the game it plays now. */
  onView: (message: { room_id: number; seq: number; awaited: string[]; view: GameView }) => void;
}

const room = { ...DEFAULT_OPTIONS, bet_amount: '100', balance_type: 'BONUS_BALANCE' };

async function call<T>(url: string, token: string | null, method: string, body?: unknown): Promise<{ status: number; body: T }> {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(url, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
}

function seeded(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 2 ** 32;
  };
}

function latencyOf(samples: number[]): Latency {
  return {
    p50: percentile(samples, 50),
    p90: percentile(samples, 90),
    p99: percentile(samples, 99),
    max: percentile(samples, 100),
    samples: samples.length,
  };
}

/**
 * Plays `games` games of `players` headless players through the real HTTP API and the real
 * centrifuge client: each player acts when a `turn` publication names it among the awaited, from
 * its own view and the engine's bot.
 */
export async function runSimulation(options: SimulationOptions): Promise<SimulationResult> {
  const log = options.log ?? (() => {});
  const api = `${options.url}/api/v1`;
  const wsUrl = `${options.url.replace(/^http/, 'ws')}/connection/websocket`;
  const slots = Math.max(1, Math.min(options.concurrency, options.games));
  const tag = `${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 1e4)}`;

  const pool: Player[][] = [];
  for (let slot = 0; slot < slots; slot++) {
    const table: Player[] = [];
    for (let seat = 0; seat < options.players; seat++) {
      const username = `sim${tag}s${slot}p${seat}`;
      const registered = await call<{ access_token: string }>(`${options.url}/api/user/registration`, null, 'POST', {
        username,
        password: 'simulated-player',
      });
      if (registered.status !== 201)
        throw new Error(
          `registration failed (${registered.status}): ${JSON.stringify(registered.body)} — run the server with AUTH_RATE_LIMIT=0`,
        );
      const token = registered.body.access_token;
      const me = await call<{ id: number }>(`${options.url}/api/user/users/me`, token, 'GET');
      const client = new Centrifuge(wsUrl, { websocket: WebSocket, token });
      const player: Player = { id: me.body.id, token, client, onView: () => {} };
      const own = client.newSubscription(`#${me.body.id}`);
      own.on('publication', (ctx) => {
        const data = ctx.data as { type: string; room_id: number; seq: number; awaited: string[]; view: GameView };
        if (data.type === 'view') player.onView(data);
      });
      own.subscribe();
      client.connect();
      await new Promise((resolve) => own.once('subscribed', resolve));
      table.push(player);
    }
    pool.push(table);
  }
  log(`${slots * options.players} players connected`);

  const latencies: number[] = [];
  let actions = 0;
  let errors = 0;
  let nextGame = 0;
  let finishedGames = 0;
  // Every move answered 200, measured or not (what `onPhase` reports).
  let moves = 0;
  // The count when asked: a reading of the server taken later than the phase pairs with this.
  const movesNow = () => moves;
  let playing = 0;
  let seated = 0;
  let allSeated: () => void = () => {};
  const everyoneSeated = new Promise<void>((resolve) => (allSeated = resolve));
  const started = performance.now();
  const ramp = (options.rampSeconds ?? 0) * 1000;
  const waitsForSeating = options.openWhenSeated === true && options.maxSeconds !== undefined;
  // Until the window opens (`openWindow`), when it waits for the seating: nothing is measured yet.
  let measuredFrom = waitsForSeating ? Infinity : started + ramp;
  let deadline = options.maxSeconds === undefined || waitsForSeating ? Infinity : measuredFrom + options.maxSeconds * 1000;
  const seatingLatencies: number[] = [];
  const isMeasured = (at: number) => at >= measuredFrom && at < deadline;
  let stop: () => void = () => {};
  const stopped = new Promise<void>((resolve) => (stop = resolve));
  // At the window's end the hook runs (and is waited for) before any table leaves: what it reads
  // of the server is the window's, not the tables' leaving.
  const closeAt = (at: number) =>
    setTimeout(() => void Promise.resolve(options.onPhase?.('window_closed', movesNow)).finally(stop), at - performance.now());
  let stopTimer = Number.isFinite(deadline) ? closeAt(deadline) : undefined;
  let isRampOver = false;
  function openWindow(): void {
    if (!waitsForSeating || !isRampOver || playing < slots || Number.isFinite(measuredFrom)) return;
    measuredFrom = performance.now();
    deadline = measuredFrom + options.maxSeconds! * 1000;
    stopTimer = closeAt(deadline);
    options.onPhase?.('window_open', movesNow);
  }
  const openTimer = setTimeout(() => {
    isRampOver = true;
    if (waitsForSeating) openWindow();
    else options.onPhase?.('window_open', movesNow);
  }, ramp);
  const think = options.thinkMs;
  const pause = (random: () => number) =>
    think ? new Promise((resolve) => setTimeout(resolve, think.min + random() * (think.max - think.min))) : Promise.resolve();

  async function act(player: Player, roomId: number, sent: Map<number, number>, random: () => number, pushed?: GameView): Promise<void> {
    // The view pushed on the player's channel; re-read only when nudged by the watchdog.
    if (pushed) await pause(random);
    if (performance.now() >= deadline) return;
    const view = pushed ? { status: 200, body: pushed } : await call<GameView>(`${api}/rooms/${roomId}/view`, player.token, 'GET');
    if (view.status !== 200 || view.body.status === 'FINISHED') return;
    let legal = legalActions(view.body, String(player.id));
    for (;;) {
      const choice = chooseAction(view.body, legal, random);
      if (!choice) return;
      const { type: _type, ...rest } = choice as Action & { player?: string };
      delete (rest as { player?: string }).player;
      if (!sent.has(view.body.seq + 1)) sent.set(view.body.seq + 1, performance.now());
      const answer = await call(`${api}/${roomActionPath(roomId, choice.type)}`, player.token, 'POST', { ...rest, seq: view.body.seq });
      if (answer.status === 200) {
        moves++;
        // A move answered after the window closed counts neither as throughput nor as latency.
        if (isMeasured(performance.now())) actions++;
        return;
      }
      if (answer.status === 422) {
        legal = legal.filter((a) => a !== choice);
        continue;
      }
      if (answer.status !== 409) errors++;
      return;
    }
  }

  async function playOne(table: Player[], gameNo: number): Promise<void> {
    const random = seeded(gameNo + 1);
    const created = await call<{ id: number }>(`${api}/rooms/`, table[0]!.token, 'POST', {
      ...room,
      player_count: table.length,
      ...options.room,
    });
    if (created.status !== 201) throw new Error(`room creation failed: ${JSON.stringify(created.body)}`);
    const roomId = created.body.id;
    const sent = new Map<number, number>();
    const subs: Subscription[] = [];
    let lastSeq = -1;
    let over: () => void = () => {};
    const finished = new Promise<void>((resolve) => (over = resolve));
    for (const player of table) {
      const sub = player.client.newSubscription(`room:${roomId}`);
      sub.on('publication', (ctx) => {
        const data = ctx.data as { type: string; seq: number; timers?: { timer_response: { player_id: string } }[] };
        if (data.type === 'game_over') over();
        if (data.type !== 'turn') return;
        const at = sent.get(data.seq);
        if (at !== undefined && at >= measuredFrom && performance.now() < deadline) {
          latencies.push(performance.now() - at);
          sent.delete(data.seq);
        } else if (at !== undefined && waitsForSeating && !Number.isFinite(measuredFrom)) {
          seatingLatencies.push(performance.now() - at);
          sent.delete(data.seq);
        }
        lastSeq = Math.max(lastSeq, data.seq);
      });
      player.onView = (message) => {
        if (message.room_id !== roomId || !message.awaited.includes(String(player.id))) return;
        act(player, roomId, sent, random, message.view).catch(() => errors++);
      };
      const subscribed = new Promise((resolve) => sub.once('subscribed', resolve));
      sub.subscribe();
      await subscribed;
      subs.push(sub);
    }
    for (const player of table.slice(1)) await call(`${api}/rooms/${roomId}/seat`, player.token, 'POST', {});
    if (options.startTogether && gameNo < slots) {
      if (++seated === slots) allSeated();
      await everyoneSeated;
    }
    for (const player of table) await call(`${api}/rooms/${roomId}/ready`, player.token, 'POST');
    if (gameNo < slots && ++playing === slots) {
      options.onPhase?.('all_playing', movesNow);
      openWindow();
    }
    // A lost publication must not stall the table: every 2 s (beyond the longest think) without
    // progress all players look again.
    let seenSeq = -2;
    const watchdog = setInterval(
      () => {
        if (lastSeq === seenSeq) for (const player of table) act(player, roomId, sent, random).catch(() => errors++);
        seenSeq = lastSeq;
      },
      2000 + (think?.max ?? 0),
    );
    await Promise.race([
      finished.then(() => {
        if (finishedGames++ === 0 && playing === slots) options.onPhase?.('first_over', movesNow);
      }),
      stopped,
    ]);
    clearInterval(watchdog);
    for (const [i, sub] of subs.entries()) {
      sub.unsubscribe();
      table[i]!.client.removeSubscription(sub);
    }
  }

  await Promise.all(
    pool.map(async (table, slot) => {
      if (ramp > 0) await new Promise((resolve) => setTimeout(resolve, (ramp * slot) / slots));
      while (nextGame < options.games && performance.now() < deadline) {
        const gameNo = nextGame++;
        await playOne(table, gameNo);
        if ((gameNo + 1) % Math.max(1, Math.floor(options.games / 10)) === 0) log(`${gameNo + 1}/${options.games} games`);
      }
    }),
  );
  clearTimeout(stopTimer);
  clearTimeout(openTimer);
  // Capped at the window itself: (measuredFrom + window) - measuredFrom is not always exactly the
  // window in floating point, and a report must never claim a longer window than it was given.
  const seconds = Number.isFinite(measuredFrom) ? Math.min((performance.now() - measuredFrom) / 1000, options.maxSeconds ?? Infinity) : 0;
  for (const table of pool) for (const player of table) player.client.disconnect();
  return {
    games: options.games,
    actions,
    seconds,
    gamesPerSecond: options.games / seconds,
    actionsPerSecond: actions / seconds,
    latencyMs: latencyOf(latencies),
    seatingLatencyMs: latencyOf(seatingLatencies),
    errors,
    unfinished: nextGame - finishedGames,
  };
}
