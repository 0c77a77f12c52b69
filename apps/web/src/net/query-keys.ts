import type { ProductKind } from '@durak/protocol';

/** A list screen's page, sort and filters, as the admin lists send them. */
type ListParams = Readonly<Record<string, string | number | undefined>>;

/**
 * Every key of the web's server data, in one place: a read, a write's invalidation and a realtime
 * notice that patches the cache name the same entry, and a group's `all` prefix reaches every
 * entry under it.
 */
export const queryKeys = {
  /** The signed-in user: profile, roles and wallets. Loaded by the start screen, never refetched on its own. */
  me: ['user', 'me'] as const,
  permissions: ['permission', 'me'] as const,
  flags: ['flags'] as const,
  assets: {
    cardBack: ['assets', 'card-back'] as const,
    active: ['assets', 'active'] as const,
    all: ['assets', 'all'] as const,
  },
  economy: {
    products: (kind: ProductKind) => ['product', kind] as const,
    reward: ['rewards', 'available'] as const,
  },
  activeBanners: ['banner', 'active'] as const,
  /** Responsible play: the player's limits, what is used of them, a break and a pending reality check. */
  limits: ['user', 'limits'] as const,
  emoji: ['emoji'] as const,
  lobby: (filter: object) => ['rooms', 'lobby', filter] as const,
  roomRecord: (roomId: number) => ['room', roomId, 'record'] as const,
  /** A finished game's replay (FEATURES.md §14), per password tried for a private one. */
  replay: (roomId: number, password: string) => ['room', roomId, 'replay', password] as const,
  career: {
    summary: ['player', 'career'] as const,
    games: (page: number) => ['player', 'games', page] as const,
    rating: (period: string, page: number) => ['player', 'rating', period, page] as const,
  },
  friends: {
    all: ['friends'] as const,
    list: (page: number) => ['friends', 'list', page] as const,
    requests: ['friends', 'requests'] as const,
    presence: ['presence', 'summary'] as const,
    referrals: (page: number) => ['player', 'referrals', page] as const,
    /** Players by name (FEATURES.md §17). */
    search: (text: string) => ['users', 'search', text] as const,
  },
  bandit: {
    paytable: ['bandit', 'paytable'] as const,
    seed: ['bandit', 'seed'] as const,
    spins: ['bandit', 'spins'] as const,
  },
  chat: {
    phrases: ['table-chat', 'phrases'] as const,
    history: (roomId: string) => ['table-chat', 'history', roomId] as const,
  },
  tournament: {
    all: ['tournament'] as const,
    list: (status?: string) => ['tournament', 'list', status ?? 'all'] as const,
    detail: (id: number) => ['tournament', id, 'detail'] as const,
    players: (id: number) => ['tournament', id, 'players'] as const,
    /** The players of one table of a tournament, as its outcome dialog shows them. */
    tablePlayers: (id: number, roomId: number) => ['tournament', id, 'players', 'table', roomId] as const,
    rooms: (id: number, round: number | null = null) => ['tournament', id, 'rooms', round ?? 'all'] as const,
    prizes: (id: number) => ['tournament', id, 'prizes'] as const,
    places: (id: number) => ['tournament', id, 'places'] as const,
    adminInfo: (status: string, page: number) => ['tournament', 'admin-info', status, page] as const,
    presets: ['tournament', 'presets'] as const,
  },
  admin: {
    all: ['admin'] as const,
    agents: (query: ListParams) => ['admin', 'agents', query] as const,
    agent: (id: number) => ['admin', 'agent', id] as const,
    agentChildren: (id: number, query: ListParams) => ['admin', 'agent', id, 'children', query] as const,
    usersByCountry: (query: ListParams) => ['admin', 'users-by-country', query] as const,
    user: (id: number) => ['admin', 'user', id] as const,
    audit: (query: ListParams) => ['admin', 'audit', query] as const,
    userSearch: (query: ListParams) => ['admin', 'user-search', query] as const,
    reports: (query: ListParams) => ['admin', 'reports', query] as const,
    promoCodes: (query: ListParams) => ['admin', 'promocodes', query] as const,
    promoCodeUses: (id: number, query: ListParams) => ['admin', 'promocode', id, 'uses', query] as const,
    banners: ['admin', 'banners'] as const,
    banner: (id: number) => ['admin', 'banner', id] as const,
    integrityCases: (query: ListParams) => ['admin', 'integrity', 'cases', query] as const,
    integrityCase: (id: number) => ['admin', 'integrity', 'case', id] as const,
  },
};
