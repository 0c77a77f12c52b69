import type { LimitsAnswer, WalletType } from '@durak/protocol';
import { sql } from 'drizzle-orm';
import type { Store } from '../store/db.js';
import { transfer } from '../wallets/ledger.js';
import { issuance } from '../wallets/wallets.js';
import { randomBytes } from 'node:crypto';
import { defaultRoomsConfig } from '../room-core/rooms-config.js';
import { registerUser, request } from './http.js';
import { startTestServer, type TestServer } from './server.js';

/** Responsible play's test helpers (FEATURES.md §13); here, not in responsible-play/, so no folder imports go in a circle. */

export interface TestClock {
  now(): Date;
  advance(ms: number): void;
}

export interface TestPlayer {
  readonly id: number;
  readonly username: string;
  readonly token: string;
}

export interface ResponsibleServer extends TestServer {
  readonly clock: TestClock;
  readonly store: Store;
}

/** The real app with the age gate on (AGE_CHECK=on), on a clock the test moves. */
export async function startResponsibleServer(options: { ageCheck?: boolean; minSpinMs?: number; playMinuteMs?: number } = {}) {
  let at = Date.now();
  const clock: TestClock = { now: () => new Date(at), advance: (ms) => void (at += ms) };
  const server = await startTestServer(
    {
      responsible: {
        ageCheck: options.ageCheck ?? true,
        banditMinSpinMs: options.minSpinMs ?? 2500,
        playMinuteMs: options.playMinuteMs ?? 60_000,
      },
      // As the rooms' tests: no action limit for bots playing at full speed, no time bank, no stand-in.
      rooms: {
        ...defaultRoomsConfig,
        sweepIntervalMs: 0,
        actionsPerSecond: 10_000,
        timeBankSeconds: 0,
        standInSeconds: 3600,
        redisPrefix: `durak-test-${randomBytes(4).toString('hex')}`,
      },
    },
    { now: clock.now },
  );
  return { ...server, clock, store: server.services.store, close: () => server.close() } satisfies ResponsibleServer;
}

let counter = 0;
/** A newly registered player (the test password is `password-123`). */
export async function newPlayer(url: string, prefix = 'rp'): Promise<TestPlayer> {
  const username = `${prefix}${process.pid % 1000}x${++counter}`;
  const { access_token: token } = await registerUser(url, username);
  const me = await request<{ id: number }>(`${url}/api/user/users/me`, { token });
  return { id: me.body.id, username, token };
}

/** A player with `balance` bought chips in BALANCE, their age confirmed. */
export async function adultPlayer(server: ResponsibleServer, balance = 0n, prefix = 'rp'): Promise<TestPlayer> {
  const player = await newPlayer(server.url, prefix);
  const confirmed = await call(server, player, 'age-confirmation', { birth_date: '1990-05-17' });
  if (confirmed.status !== 200) throw new Error(`age confirmation failed: ${JSON.stringify(confirmed.body)}`);
  if (balance > 0n) await fund(server.store, player.id, balance);
  return player;
}

/** Chips straight from issuance (not a deposit: no deposit limit counts them). */
export async function fund(store: Store, userId: number, amount: bigint, walletType: WalletType = 'BALANCE'): Promise<void> {
  const paid = await store.withTransaction((tx) =>
    transfer(tx, {
      from: { system: issuance, walletType },
      to: { userId, walletType },
      amount,
      kind: 'test_funding',
      idempotencyKey: `fund:${userId}:${walletType}:${Math.random()}`,
    }),
  );
  if (!paid.ok) throw new Error(paid.error.code);
}

/** POST /api/user/{path} (or GET/PUT limits) as the player. */
export function call<T = LimitsAnswer & { error?: { code: string; details?: Record<string, unknown> } }>(
  server: { url: string },
  player: TestPlayer,
  path: string,
  body?: unknown,
  method?: string,
) {
  return request<T>(`${server.url}/api/user/${path}`, {
    token: player.token,
    ...(body === undefined ? {} : { body }),
    ...(method ? { method } : {}),
  });
}

/** After the clock jumps past the access token's 15 minutes: signs in again with the test password. */
export async function signInAgain(server: { url: string }, player: TestPlayer): Promise<TestPlayer> {
  const login = await request<{ access_token: string }>(`${server.url}/api/user/login`, {
    body: { username: player.username, password: 'password-123' },
  });
  if (login.status !== 200) throw new Error(`login failed: ${JSON.stringify(login.body)}`);
  return { ...player, token: login.body.access_token };
}

/** Fair play's freeze, set as its service will: the column the stake guard reads. */
export async function freeze(store: Store, userId: number, caseId: number | null): Promise<void> {
  await store.db.execute(sql`update users set frozen_case_id = ${caseId} where id = ${userId}`);
}

export const errorOf = (answer: { body: unknown }) =>
  (answer.body as { error?: { code: string; details?: Record<string, unknown> } }).error;
