import type { RoomPayload } from '@durak/protocol';
import { createChatService, type ChatService } from '../chat/chat-service.js';
import { createEmojiService, type EmojiService } from '../emoji/send-emoji.js';
import { createGameService, type GameService } from '../games/game-service.js';
import { startGame } from '../games/start-game.js';
import { createMemoryRateWindows, type RateWindows } from '../limits/index.js';
import type { BotDecisions, GameOverHook } from '../room-core/room-seams.js';
import type { Store } from '../store/db.js';
import type { Publisher, RealtimeChannels } from '../publishing/outbox.js';
import type { RoomsConfig } from '../room-core/rooms-config.js';
import { roomForViewer, type RoomViewer } from './room-privacy.js';
import { createRoomsService, type RoomsService } from './rooms-service.js';
import { createSeatedRooms, type SeatedRooms } from './seated-rooms.js';
import type { StakeGuard } from '../responsible-play/stake-guard.js';

export interface RoomsModuleOptions {
  readonly store: Store;
  /** The rooms' presence reads (who is at the table). */
  readonly realtime: RealtimeChannels;
  /** The node's one publisher: the rooms' steps flush on their room's chain. */
  readonly publisher: Publisher;
  readonly config: RoomsConfig;
  readonly now?: () => Date;
  /** The action, emoji and room-password limits' counts; default: this node's memory. */
  readonly limits?: RateWindows;
  /** Told of every finished game inside its last transaction (tournaments). */
  readonly onGameOver?: GameOverHook;
  /** Where the hard bot's decisions are made off the event loop (a worker thread); absent: on the spot. */
  readonly bots?: BotDecisions;
  /** The one stake guard every money path asks (responsible-play/stake-guard.ts). */
  readonly guard: StakeGuard;
}

export interface RoomsModule {
  readonly config: RoomsConfig;
  readonly rooms: RoomsService;
  /** The rooms another domain seats itself (a tournament's games). */
  readonly seatedRooms: SeatedRooms;
  readonly games: GameService;
  readonly emoji: EmojiService;
  readonly chat: ChatService;
  readonly limits: RateWindows;
  /** The room as this viewer may see it: a private room's players only for its players, invited friends and admins. */
  forViewer(room: RoomPayload, viewer: RoomViewer): Promise<RoomPayload>;
}

/**
 * Rooms, games, timers, emoji and chat over one store and the node's publisher. The room deadlines
 * (`games.fireDue`) are swept by the node's one sweeper (shared/sweeper.ts), registered in app.ts.
 */
export function createRoomsModule(options: RoomsModuleOptions): RoomsModule {
  const { publisher } = options;
  const now = options.now ?? (() => new Date());
  const limits = options.limits ?? createMemoryRateWindows(() => now().getTime());
  const context = {
    store: options.store,
    realtime: options.realtime,
    publisher,
    config: options.config,
    now,
    limits,
    onGameOver: options.onGameOver,
    bots: options.bots,
    guard: options.guard,
  };
  const rooms = createRoomsService(context, startGame);
  const seatedRooms = createSeatedRooms(options.config, startGame);
  const games = createGameService(context, rooms);
  const emoji = createEmojiService(context);
  const chat = createChatService(context);
  return {
    config: options.config,
    rooms,
    seatedRooms,
    games,
    emoji,
    chat,
    limits,
    forViewer: (room, viewer) => roomForViewer(options.store.db, room, viewer),
  };
}
