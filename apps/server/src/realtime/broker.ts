/** A position in a channel's stream: offsets count publications, the epoch names one stream's life. */
export interface StreamPosition {
  offset: number;
  epoch: string;
}

export interface ClientInfo {
  client: string;
  user: string;
}

export interface Publication {
  offset: number;
  data: unknown;
}

/** Orders for every node about the connections of one user, wherever they are. */
export type ControlCommand =
  | { kind: 'unsubscribe'; channel: string; userId: string }
  | { kind: 'disconnect'; userId: string; isReconnecting: boolean }
  /** A connection of the user opened or closed on some node: the per-user cap counts them (connection-cap.ts). */
  | { kind: 'opened'; userId: string; clientId: string }
  | { kind: 'closed'; userId: string; clientId: string };

/** What a broker delivers to the nodes that listen to a channel (control commands reach every node). */
export type BrokerEvent =
  /** `raw`: the data as JSON text when the broker has it already, so the gateway need not encode it again. */
  | { type: 'pub'; channel: string; pub: Publication; epoch: string; raw?: string }
  | { type: 'join' | 'leave'; channel: string; info: ClientInfo }
  | { type: 'control'; command: ControlCommand };

export interface HistoryQuery {
  /** Publications after this position; a different epoch or a trimmed range is unrecoverable. */
  since?: StreamPosition;
  /** 0: only the position; negative: everything kept. */
  limit: number;
  reverse?: boolean;
}

export type HistoryResult =
  { ok: true; publications: Publication[]; position: StreamPosition } | { ok: false; reason: 'unrecoverable'; position: StreamPosition };

export interface PublishOptions {
  /** A repeated publish with the same key returns the first result and publishes nothing. */
  idempotencyKey?: string;
}

export interface PublishItem {
  channel: string;
  data: unknown;
  options?: PublishOptions;
}

/**
 * Moves publications between nodes and keeps what recovery and presence need.
 * In memory for a single node, Redis when several nodes share one address.
 */
export interface Broker {
  publish(channel: string, data: unknown, options?: PublishOptions): Promise<StreamPosition>;
  /** Several publications in this order, as one call to the broker's store (a move's whole outbox). */
  publishMany(items: readonly PublishItem[]): Promise<StreamPosition[]>;
  /** Start or stop receiving the channel's events on this node. */
  subscribe(channel: string): Promise<void>;
  unsubscribe(channel: string): Promise<void>;
  /** Registers the one receiver of this node's events; `onResync` runs when events may have been lost. */
  listen(onEvent: (event: BrokerEvent) => void, onResync?: () => void): void;
  history(channel: string, query: HistoryQuery): Promise<HistoryResult>;
  publishJoin(channel: string, info: ClientInfo): Promise<void>;
  publishLeave(channel: string, info: ClientInfo): Promise<void>;
  publishControl(command: ControlCommand): Promise<void>;
  addPresence(channel: string, info: ClientInfo): Promise<void>;
  removePresence(channel: string, clientId: string): Promise<void>;
  presence(channel: string): Promise<Record<string, ClientInfo>>;
  /**
   * How many distinct users have a live presence entry on their own channel (`#id`), on any node:
   * every signed-in client subscribes to it, so this is who is online (FEATURES.md §11).
   */
  onlineUsers(): Promise<number>;
  close(): Promise<void>;
}

export interface BrokerLimits {
  /** Publications kept per channel for recovery and history. */
  historySize: number;
  /** A channel's history is dropped after this long without a publication, and its epoch renewed. */
  historyTtlSeconds: number;
  /** A presence entry not refreshed for this long is gone (a crashed node's clients leave). */
  presenceTtlSeconds: number;
  /** How long an idempotency key remembers its publish. */
  idempotencyTtlSeconds: number;
}

export const defaultBrokerLimits: BrokerLimits = {
  historySize: 100,
  historyTtlSeconds: 600,
  presenceTtlSeconds: 60,
  idempotencyTtlSeconds: 300,
};

/**
 * Names for new streams' epochs without a random draw per publish: a random prefix per process
 * and a counter, so no two streams this node starts share an epoch, nor do two nodes'.
 */
export function epochSource(prefix: string): () => string {
  let next = 0;
  return () => `${prefix}${(next++).toString(36)}`;
}

/** Applies a history query to the kept tail of a stream (oldest first). */
export function selectHistory(kept: readonly Publication[], position: StreamPosition, query: HistoryQuery): HistoryResult {
  let from = kept;
  if (query.since !== undefined) {
    const { offset, epoch } = query.since;
    // An empty epoch means "any epoch", as the centrifuge client sends before it knows one.
    const isSameStream = epoch === '' || epoch === position.epoch;
    const oldestKept = kept.length > 0 ? kept[0]!.offset : position.offset + 1;
    if (!isSameStream || offset > position.offset || offset + 1 < oldestKept) {
      return { ok: false, reason: 'unrecoverable', position };
    }
    from = kept.filter((pub) => pub.offset > offset);
  }
  if (query.limit === 0) return { ok: true, publications: [], position };
  let publications = query.reverse === true ? [...from].reverse() : [...from];
  if (query.limit > 0) publications = publications.slice(0, query.limit);
  return { ok: true, publications, position };
}

/** The user of a user-limited channel (`#42` -> `42`), or null for any other channel. */
export const userOfChannel = (channel: string): string | null => (channel.startsWith('#') ? channel.slice(1) : null);
