import { createChatService, type ChatService } from '../chat/chat-service.js';
import { createEmojiService, type EmojiService } from '../emoji/send-emoji.js';
import { createGameService, type GameService } from '../games/game-service.js';
import { startGame } from '../games/start-game.js';
import { createMemoryRateWindows, type RateWindows } from '../limits/index.js';
import type { GameOverHook } from '../tables/table-services.js';
import type { Store } from '../store/db.js';
import { createPublisher, type RoomsRealtime } from '../tables/outbox.js';
import type { RoomsConfig } from '../tables/rooms-config.js';
import { createRoomsService, type RoomsService } from './rooms-service.js';

export interface RoomsModuleOptions {
  readonly store: Store;
  readonly realtime: RoomsRealtime;
  readonly config: RoomsConfig;
  readonly now?: () => Date;
  /** The action, emoji and room-password limits' counts; default: this node's memory. */
  readonly limits?: RateWindows;
  readonly logError?: (error: unknown, message: string) => void;
  /** Told of every finished game inside its last transaction (tournaments). */
  readonly onGameOver?: GameOverHook;
}

export interface RoomsModule {
  readonly config: RoomsConfig;
  readonly rooms: RoomsService;
  readonly games: GameService;
  readonly emoji: EmojiService;
  readonly chat: ChatService;
  readonly limits: RateWindows;
  /** Starts this node's timer sweeper (DESIGN.md §8); a no-op when the interval is 0. */
  startSweeper(): void;
  /** Stops the sweeper and waits for a running sweep. */
  close(): Promise<void>;
}

/** Rooms, games, timers, emoji and chat over one store and one realtime publisher. */
export function createRoomsModule(options: RoomsModuleOptions): RoomsModule {
  const logError = options.logError ?? (() => {});
  const publisher = createPublisher(options.realtime, (error) => logError(error, 'realtime publish failed'));
  const now = options.now ?? (() => new Date());
  const limits = options.limits ?? createMemoryRateWindows(() => now().getTime());
  const context = { store: options.store, realtime: options.realtime, publisher, config: options.config, now, limits, onGameOver: options.onGameOver };
  const rooms = createRoomsService(context, startGame);
  const games = createGameService(context, rooms);
  const emoji = createEmojiService(context);
  const chat = createChatService(context);
  let timer: NodeJS.Timeout | undefined;
  let sweeping: Promise<unknown> = Promise.resolve();
  let isClosed = false;

  function tick(): void {
    sweeping = games
      .fireDue()
      .catch((error: unknown) => logError(error, 'timer sweep failed'))
      .finally(() => {
        if (!isClosed) timer = setTimeout(tick, options.config.sweepIntervalMs);
      });
  }

  return {
    config: options.config,
    rooms,
    games,
    emoji,
    chat,
    limits,
    startSweeper() {
      if (options.config.sweepIntervalMs <= 0 || timer !== undefined || isClosed) return;
      timer = setTimeout(tick, options.config.sweepIntervalMs);
    },
    async close() {
      isClosed = true;
      clearTimeout(timer);
      await sweeping;
    },
  };
}
