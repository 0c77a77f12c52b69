import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_OPTIONS, chooseAction, legalActions, type Action } from '@durak/engine';
import { asRoomId, asUserId, createRoomBody } from '@durak/protocol';
import { eq, sql } from 'drizzle-orm';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import type { PlayerMove } from '../games/game-service.js';
import { loadHistory, scanDue } from '../integrity/scan.js';
import { softPlay } from '../integrity/signals.js';
import { queryRows } from '../store/db.js';
import { users } from '../store/schema.js';

/**
 * The fair-play red team (FEATURES.md §12): honest bots beside scripted abusers, every game through
 * the server's own services (rooms, seats, the game service's moves under the room lock, payouts,
 * the stand-in, the background scan) on the embedded database, with a clock moved by hand so
 * decision times are a person's or a bot's. Answers, per kind of abuser, how many games (moves for
 * the timing bot) until its accounts sat in an open case, and how many honest players were flagged.
 */
export interface RedTeamOptions {
  readonly honest: number;
  /** Honest games played between abusers' games (the town's background). */
  readonly honestGamesPerRound: number;
  /** At most this many rounds. */
  readonly rounds: number;
  /**
   * Stop at the end of the first round (from this one on) in which every abuser is in a case: the
   * deals are the server's own random shuffles, so how many games a pair needs varies from run to
   * run, and a test gives it room without paying for the rounds after. Unset: play every round.
   */
  readonly stopWhenFoundFrom?: number;
  readonly feeders: number;
  readonly log?: (line: string) => void;
  readonly seed?: number;
}

export interface RedTeamResult {
  /** Games each feeder played until it was in a case; null: never within the rounds. */
  readonly dumpingGamesPerFeeder: (number | null)[];
  readonly softPlayGames: number | null;
  readonly timingBotMoves: number | null;
  readonly standInGames: number | null;
  readonly honestFlagged: number;
  readonly honestPlayers: number;
  readonly games: number;
  /** Rounds played (fewer than `rounds` when the run stopped once everyone was found). */
  readonly rounds: number;
  /** The soft-play pair's signal at the end, with its figures. */
  readonly softPlaySignal: { score: number; figures: Readonly<Record<string, number | string>> } | null;
}

function xorshift(seed: number): () => number {
  let s = seed | 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 0x100000000;
  };
}

export async function runRedTeam(options: RedTeamOptions): Promise<RedTeamResult> {
  const log = options.log ?? (() => {});
  const random = xorshift(options.seed ?? 42);
  let clock = Date.parse('2026-11-01T09:00:00Z');
  const now = () => new Date(clock);
  const dataDir = mkdtempSync(join(tmpdir(), 'durak-redteam-'));
  const loaded = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    AUTH_RATE_LIMIT: '0',
    JWT_SECRET: randomBytes(32).toString('hex'),
    ACTIONS_PER_SECOND: '10000',
    LOG_LEVEL: 'silent',
    ARGON2_MEMORY_KIB: '1024',
    ARGON2_TIME_COST: '1',
    TIMER_SWEEP_MS: '0',
  });
  if (!loaded.ok) throw new Error(loaded.message);
  const built = await buildApp({ ...loaded.config, pgliteDir: undefined }, { logger: false, now });
  const { accounts, rooms: module, store } = built.services;
  let counter = 0;
  let games = 0;

  const newPlayer = async (prefix: string, deviceId: string): Promise<number> => {
    const username = `${prefix}${++counter}`;
    const made = await accounts.register(
      { username, password: 'red-team-pass', device_id: deviceId },
      { address: `10.1.${counter % 250}.${counter % 7}` },
    );
    if (!made.ok) throw new Error(made.error.code);
    const [row] = await store.db.select({ id: users.id }).from(users).where(eq(users.username, username));
    return row!.id;
  };
  const table = async (players: readonly number[], extra: Record<string, unknown> = {}): Promise<number> => {
    const body = createRoomBody.parse({
      ...DEFAULT_OPTIONS,
      bet_amount: '100',
      balance_type: 'BONUS_BALANCE',
      player_count: players.length,
      ...extra,
    });
    const created = await module.rooms.create(asUserId(players[0]!), body);
    if (!created.ok) throw new Error(`create: ${created.error.code}`);
    const roomId = created.value.id;
    for (const p of players.slice(1)) {
      const seated = await module.rooms.seat(asUserId(p), asRoomId(roomId), { password: extra.password as string | undefined });
      if (!seated.ok) throw new Error(`seat: ${seated.error.code}`);
    }
    for (const p of players) await module.rooms.ready(asUserId(p), asRoomId(roomId));
    games += 1;
    return roomId;
  };
  type Policy = (me: number, legal: readonly Action[], defender: number) => Action | null;
  const thinkOf = (me: number) => (me === timingBot ? 300 + Math.floor(random() * 20) : 1200 + Math.floor(-Math.log(1 - random()) * 2500));
  /** Plays the room to its end: each player the table waits for moves by its policy after its think time. */
  const play = async (roomId: number, players: readonly number[], policy: Policy = (_, legal) => legal[0] ?? null) => {
    for (let step = 0; step < 3000; step++) {
      let moved = false;
      for (const me of players) {
        const view = await module.games.view(asUserId(me), asRoomId(roomId));
        if (!view.ok || view.value.status === 'FINISHED') return;
        const legal = legalActions(view.value, String(me)).filter((a) => a.type !== 'surrender' && a.type !== 'catch');
        if (legal.length === 0) continue;
        const defender = Number(view.value.turn.current_defender_user_id);
        const choice = policy(me, legal, defender) ?? chooseAction(view.value, legal, random);
        if (!choice) continue;
        clock += thinkOf(me);
        const { player: _p, ...move } = choice as Action & { player: string };
        if ((await module.games.act(asUserId(me), asRoomId(roomId), move as PlayerMove)).ok) moved = true;
      }
      if (!moved) {
        clock += 2_000;
        await module.games.fireDue();
      }
    }
  };
  const honestPolicy: Policy = (_me, legal) => (random() < 0.5 ? null : (legal[Math.floor(random() * legal.length)] ?? null));
  const flagged = async (): Promise<Set<number>> => {
    // Without the `hard` bot's comparisons (machine play by its choices: no abuser here copies it,
    // and its search per late-game choice would multiply the run's time); the gifts are counted.
    while ((await scanDue(store, now(), null)) > 0);
    const rows = await queryRows<{ user_id: number }>(
      store.db,
      sql`select a.user_id from integrity_case_accounts a join integrity_cases c on c.id = a.case_id where c.status = 'open'`,
    );
    return new Set(rows.map((r) => Number(r.user_id)));
  };

  const honest: number[] = [];
  for (let i = 0; i < options.honest; i++) honest.push(await newPlayer('hon', `dev-hon-${i}-${randomBytes(3).toString('hex')}`));
  const receiver = await newPlayer('rcv', 'dev-receiver-0');
  const feeders: number[] = [];
  for (let i = 0; i < options.feeders; i++) feeders.push(await newPlayer('fdr', `dev-feeder-${i}`));
  const [softA, softB] = [await newPlayer('sfa', 'dev-soft-a'), await newPlayer('sfb', 'dev-soft-b')];
  const timingBot = await newPlayer('tmb', 'dev-timing');
  const dropper = await newPlayer('drp', 'dev-dropper');
  const pick = (n: number, except: readonly number[] = []) => {
    const pool = honest.filter((h) => !except.includes(h));
    const out: number[] = [];
    while (out.length < n && pool.length > 0) out.push(pool.splice(Math.floor(random() * pool.length), 1)[0]!);
    return out;
  };
  const dumpingGames = feeders.map(() => 0);
  const dumpingFound: (number | null)[] = feeders.map(() => null);
  let softGames = 0;
  let softFound: number | null = null;
  let timingFound: number | null = null;
  let standInGames = 0;
  let standInFound: number | null = null;
  const countMoves = async (userId: number) =>
    Number(
      (
        await queryRows<{ n: number }>(
          store.db,
          sql`select count(*)::int as n from game_events where cause is null and action->>'player' = ${String(userId)}`,
        )
      )[0]?.n ?? 0,
    );
  let played = 0;
  for (let round = 0; round < options.rounds; round++) {
    played = round + 1;
    for (let g = 0; g < options.honestGamesPerRound; g++) {
      const players = pick(2 + Math.floor(random() * 3));
      await play(await table(players), players, honestPolicy);
    }
    // The dumping ring: each feeder opens a private 1-vs-1 room and surrenders to the receiver.
    for (const [i, feeder] of feeders.entries()) {
      if (dumpingFound[i] !== null) continue;
      const roomId = await table([feeder, receiver], { password: 'ring' });
      clock += 1500;
      await module.games.leave(asUserId(feeder), asRoomId(roomId));
      dumpingGames[i]! += 1;
    }
    // The soft-play pair at a 3-player table with an honest third: they never throw in on each other.
    if (softFound === null) {
      const players = [softA, softB, ...pick(1)].sort(() => random() - 0.5);
      const soft: Policy = (me, legal, defender) => {
        const partner = me === softA ? softB : me === softB ? softA : null;
        if (partner === null || defender !== partner) return honestPolicy(me, legal, defender);
        return legal.find((a) => a.type !== 'attack') ?? legal[0] ?? null;
      };
      await play(await table(players), players, soft);
      softGames += 1;
    }
    // The timing bot: honest-looking choices, machine-steady answers.
    if (timingFound === null) {
      const players = [timingBot, ...pick(1 + Math.floor(random() * 2))];
      await play(await table(players), players, honestPolicy);
    }
    // The dropper: leaves its seat to the stand-in at every bet table (closing the socket).
    if (standInFound === null) {
      const players = [dropper, ...pick(1)];
      const roomId = await table(players);
      await module.games.presenceChanged(dropper, roomId, false);
      await play(roomId, players.slice(1), honestPolicy);
      standInGames += 1;
    }
    const cases = await flagged();
    feeders.forEach((f, i) => {
      if (dumpingFound[i] === null && cases.has(f)) dumpingFound[i] = dumpingGames[i]!;
    });
    if (softFound === null && cases.has(softA) && cases.has(softB)) softFound = softGames;
    if (timingFound === null && cases.has(timingBot)) timingFound = await countMoves(timingBot);
    if (standInFound === null && cases.has(dropper)) standInFound = standInGames;
    log(`round ${round + 1}: ${games} games, open-case accounts ${cases.size}`);
    const isAllFound = [...dumpingFound, softFound, timingFound, standInFound].every((found) => found !== null);
    if (options.stopWhenFoundFrom !== undefined && round + 1 >= options.stopWhenFoundFrom && isAllFound) break;
  }
  const cases = await flagged();
  const pairSignal = softPlay(await loadHistory(store, [softA, softB], now())).find(
    (x) => x.users.includes(softA) && x.users.includes(softB),
  );
  const result: RedTeamResult = {
    softPlaySignal: pairSignal ? { score: pairSignal.score, figures: pairSignal.figures } : null,
    dumpingGamesPerFeeder: dumpingFound,
    softPlayGames: softFound,
    timingBotMoves: timingFound,
    standInGames: standInFound,
    honestFlagged: honest.filter((h) => cases.has(h)).length,
    honestPlayers: honest.length,
    games,
    rounds: played,
  };
  await built.close();
  rmSync(dataDir, { recursive: true, force: true });
  return result;
}
