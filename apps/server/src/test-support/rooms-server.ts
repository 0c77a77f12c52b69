import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import type { Config } from '../config.js';
import { defaultRoomsConfig, type RoomsConfig } from '../room-core/rooms-config.js';
import type { Services } from '../services.js';
import type { Store } from '../store/db.js';
import { listenApp, testConfig } from './server.js';
import { createTestStore } from './store.js';

/** A running node with rooms and realtime, as the rooms, games and tournament tests drive it. */
export interface RoomsServer {
  readonly url: string;
  readonly wsUrl: string;
  readonly store: Store;
  readonly module: Services['rooms'];
  readonly realtime: Services['realtime'];
  readonly config: Config;
  /** Every service of the node (tournaments, accounts, ...). */
  readonly services: Services;
  /** Stops the node; the store stays open when it was passed in (a restart reuses it). */
  close(): Promise<void>;
}

export interface RoomsServerOptions {
  readonly store?: Store;
  readonly rooms?: Partial<RoomsConfig>;
  /** The test's clock (rooms/test-support.ts `createClock`): deadlines pass when the test moves it. */
  readonly clock?: { now(): Date };
  /** Config overrides; a restart passes the first node's jwtSecret so tokens stay valid. */
  readonly config?: Partial<Config>;
}

/** Boots the real app (rooms and realtime included) on 127.0.0.1 and a random port. */
export async function startRoomsServer(options: RoomsServerOptions = {}): Promise<RoomsServer> {
  // No time bank unless a test asks for one: a timer test's expiry then plays the timeout at once.
  // No hand-over of away players either (an hour): test clients that never subscribe to the room's
  // channel would otherwise be handed to the stand-in 20 s into every game.
  const config = testConfig({
    ...options.config,
    rooms: {
      ...defaultRoomsConfig,
      sweepIntervalMs: 0,
      actionsPerSecond: 10_000,
      timeBankSeconds: 0,
      standInSeconds: 3600,
      redisPrefix: `durak-test-${randomBytes(4).toString('hex')}`,
      ...options.rooms,
    },
  });
  const store = options.store ?? (await createTestStore());
  const now = options.clock?.now;
  const { built, port } = await listenApp(config, { logger: false, store, ...(now ? { now } : {}) });
  return {
    url: `http://127.0.0.1:${port}`,
    wsUrl: `ws://127.0.0.1:${port}/connection/websocket`,
    store,
    module: built.services.rooms,
    realtime: built.services.realtime,
    config,
    services: built.services,
    async close() {
      await built.close();
      if (!options.store) await store.close();
      rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
}
