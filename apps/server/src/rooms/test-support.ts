import { legalActions, chooseAction, type Action, type GameView } from '@durak/engine';
import { roomActionPath } from '@durak/protocol';
import { Centrifuge } from 'centrifuge';
import { sql } from 'drizzle-orm';
import { WebSocket } from 'ws';
import type { Config } from '../config.js';
import type { Store } from '../store/db.js';
import { registerUser, request } from '../test-support/http.js';
import type { RoomsModule } from './rooms-module.js';
import { classicRoom } from '../test-support/rooms.js';

/** A clock the tests move by hand (DESIGN.md §8): deadlines pass without sleeping. */
export interface TestClock {
  now(): Date;
  advance(ms: number): void;
}

export function createClock(start = Date.now()): TestClock {
  let at = start;
  return { now: () => new Date(at), advance: (ms) => void (at += ms) };
}

/** What a domain helper reads of a running node (test-support/rooms-server.ts boots one): its store, rooms module and config. */
export interface RoomsNode {
  readonly store: Store;
  readonly module: RoomsModule;
  readonly config: Config;
}

export interface TestPlayer {
  readonly id: number;
  readonly username: string;
  readonly token: string;
  /** The node this player talks to (several nodes share one database); default: the test's url. */
  readonly url?: string;
}

let counter = 0;
export async function newPlayer(baseUrl: string, prefix = 'p'): Promise<TestPlayer> {
  const username = `${prefix}${process.pid % 1000}x${++counter}`;
  const { access_token: token } = await registerUser(baseUrl, username);
  const me = await request<{ id: number }>(`${baseUrl}/api/user/users/me`, { token });
  return { id: me.body.id, username, token, url: baseUrl };
}

export { classicRoom };

export async function createRoom(url: string, creator: TestPlayer, options: Record<string, unknown> = {}): Promise<number> {
  const created = await request<{ id: number }>(`${url}/api/v1/rooms/`, { token: creator.token, body: { ...classicRoom, ...options } });
  if (created.status !== 201) throw new Error(`create failed: ${JSON.stringify(created.body)}`);
  return created.body.id;
}

/** Seats everyone but the creator (already seated) and readies them all: the game starts. */
export async function seatAndReady(url: string, roomId: number, players: readonly TestPlayer[]): Promise<void> {
  for (const p of players.slice(1)) {
    const seated = await request(`${p.url ?? url}/api/v1/rooms/${roomId}/seat`, { token: p.token, body: {} });
    if (seated.status !== 200) throw new Error(`seat failed: ${JSON.stringify(seated.body)}`);
  }
  for (const p of players) {
    const ready = await request(`${p.url ?? url}/api/v1/rooms/${roomId}/ready`, { token: p.token, method: 'POST' });
    if (ready.status !== 200) throw new Error(`ready failed: ${JSON.stringify(ready.body)}`);
  }
}

/** Creates a room with the first player and seats and readies everyone: the game is running. */
export async function startedRoom(url: string, players: readonly TestPlayer[], options: Record<string, unknown> = {}): Promise<number> {
  const id = await createRoom(url, players[0]!, { player_count: players.length, ...options });
  await seatAndReady(url, id, players);
  return id;
}

/** The HTTP body of an engine action (the player is the caller). */
export function actionBody(action: Action, seq?: number): Record<string, unknown> {
  const { type: _type, ...rest } = action as Action & { player?: string };
  delete (rest as { player?: string }).player;
  return seq === undefined ? rest : { ...rest, seq };
}

/** Seeded random numbers for reproducible bots. */
export function rng(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 2 ** 32;
  };
}

/**
 * Plays a running game to the end over HTTP: each bot reads its own view, asks the engine for its
 * legal actions and the bot's choice, and posts it with the seq it saw. Returns the HTTP answers
 * each player received (for the secrecy check) and the number of actions applied.
 */
export async function playToEnd(url: string, roomId: number, players: readonly TestPlayer[], random = rng(7), maxSteps = 2000) {
  const answers: { receiver: number; body: unknown }[] = [];
  let applied = 0;
  for (let step = 0; step < maxSteps; step++) {
    let acted = false;
    for (const p of players) {
      const view = await request<GameView>(`${p.url ?? url}/api/v1/rooms/${roomId}/view`, { token: p.token });
      answers.push({ receiver: p.id, body: view.body });
      // The hand call too, now and then: its answers go through the same secrecy check.
      if (step % 4 === 0)
        answers.push({ receiver: p.id, body: (await request(`${p.url ?? url}/api/v1/rooms/${roomId}/cards`, { token: p.token })).body });
      if (view.body.status === 'FINISHED') return { answers, applied };
      let legal = legalActions(view.body, String(p.id));
      // In secret trump mode a view cannot know which cards are trumps, so a defence the view
      // allows may be refused with a rule error: the bot then tries its next choice.
      for (;;) {
        const choice = chooseAction(view.body, legal, random);
        if (!choice) break;
        const answer = await request(`${p.url ?? url}/api/v1/${roomActionPath(roomId, choice.type)}`, {
          token: p.token,
          body: actionBody(choice, view.body.seq),
        });
        answers.push({ receiver: p.id, body: answer.body });
        if (answer.status === 200) {
          applied++;
          acted = true;
        } else if (answer.status === 422 && view.body.options.secret_trump_mode) {
          legal = legal.filter((a) => a !== choice);
          continue;
        } else if (answer.status !== 409) {
          throw new Error(`${choice.type} refused: ${answer.status} ${JSON.stringify(answer.body)}`);
        }
        break;
      }
    }
    if (!acted) throw new Error('no player could act');
  }
  throw new Error('game did not end');
}

export interface Captured {
  readonly receiver: number;
  readonly channel: string;
  readonly data: Record<string, unknown>;
}

/** A real centrifuge client for the player, subscribed to the given channels; every publication is captured. */
export async function listen(
  wsUrl: string,
  player: TestPlayer,
  channelNames: readonly string[],
  captured: Captured[],
): Promise<Centrifuge> {
  const client = new Centrifuge(wsUrl, { websocket: WebSocket, token: player.token, minReconnectDelay: 50, maxReconnectDelay: 300 });
  const subscribed: Promise<unknown>[] = [];
  for (const channel of channelNames) {
    const sub = client.newSubscription(channel);
    sub.on('publication', (ctx) => captured.push({ receiver: player.id, channel, data: ctx.data as Record<string, unknown> }));
    subscribed.push(new Promise((resolve) => sub.once('subscribed', resolve)));
    sub.subscribe();
  }
  client.connect();
  await Promise.all(subscribed);
  return client;
}

/** Sum over every account: zero at every commit (DESIGN.md §5). */
export async function ledgerSum(store: Store): Promise<bigint> {
  const result = (await store.db.execute(sql`select coalesce(sum(balance), 0)::text as total from accounts`)) as unknown as {
    rows: { total: string }[];
  };
  return BigInt(result.rows[0]!.total);
}

export async function bonusBalance(url: string, player: TestPlayer): Promise<bigint> {
  const me = await request<{ wallets: { wallet_type: string; balance: string }[] }>(`${url}/api/user/users/me`, { token: player.token });
  return BigInt(me.body.wallets.find((w) => w.wallet_type === 'BONUS_BALANCE')?.balance ?? '0');
}
