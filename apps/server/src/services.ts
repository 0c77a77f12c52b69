import type { AdjustRequest, AdminReport, BanRequest, IntegrityCaseStatus, ReadinessCheck, ReportBody, UserPatched } from '@durak/protocol';
import { sql } from 'drizzle-orm';
import type { AccountsService } from './accounts/accounts-service.js';
import type { TokenService } from './accounts/tokens.js';
import { agentChildren, agentFigures, isInScope, listAgents, type AgentListQuery, type TreeScope } from './admin/agents.js';
import { banUser, unbanUser, waitingRoomsOf } from './admin/bans.js';
import { searchUsers } from './admin/user-search.js';
import { adjustBalance, adminUserDetail, patchUser, usersOfCountry, usersPerCountry } from './admin/users.js';
import { listAudit, type AuditActor, type AuditFilter } from './audit/audit.js';
import type { AvatarService } from './avatars/avatars-service.js';
import type { BanditService } from './bandit/bandit-service.js';
import {
  activeBanners,
  allBanners,
  bannerView,
  createBanner,
  deleteBanner,
  findBanner,
  reorderBanners,
  updateBanner,
  type BannerChange,
  type BannerValues,
} from './banners/banners.js';
import { listEmoji } from './catalogue/emoji.js';
import { listReports, REPORTS_PER_MINUTE, reportPlayer, resolveReport } from './chat/report-service.js';
import type { Config } from './config.js';
import type { Economy } from './economy/economy-module.js';
import { createPromoCode, listPromoCodes, promoCodeUsesOf, setPromoCodeActive, type NewPromoCode } from './economy/promo-admin.js';
import type { FriendsModule } from './friends/friends-module.js';
import type { CaseActions } from './integrity/cases-actions.js';
import { listCases, readCase } from './integrity/cases-read.js';
import { bounded } from './limits/index.js';
import type { PlayersService } from './players/players-service.js';
import type { ReplayService } from './replays/replay-service.js';
import type { ResponsiblePlay } from './responsible-play/responsible-service.js';
import type { Realtime } from './rooms/realtime-wiring.js';
import type { RoomsModule } from './rooms/rooms-module.js';
import { mapResult, type Result } from './shared/result.js';
import type { Metrics } from './shared/metrics.js';
import type { Store } from './store/db.js';
import type { TournamentsService } from './tournaments/tournaments-service.js';

/** Everything the routes (and later the rooms, the realtime gateway, ...) are built on. */
export interface Services {
  readonly config: Config;
  /** For the app's wiring and tests only: the routes get `RouteServices`, which has no store. */
  readonly store: Store;
  readonly tokens: TokenService;
  readonly accounts: AccountsService;
  readonly avatars: AvatarService;
  readonly metrics: Metrics;
  /** This node's realtime gateway at /connection/websocket and its broker. */
  readonly realtime: Realtime;
  /** Rooms, games, timers and emoji. */
  readonly rooms: RoomsModule;
  /** Knockout tournaments over ordinary rooms. */
  readonly tournaments: TournamentsService;
  /** Ratings, careers, referrals and the video counter. */
  readonly players: PlayersService;
  /** Store, payments, daily rewards and promo codes. */
  readonly economy: Economy;
  /** Friends, invitations to a table and the presence summary (FEATURES.md §11). */
  readonly friends: FriendsModule;
  /** Limits, breaks, self-exclusion, the age gate and reality checks (FEATURES.md §13). */
  readonly responsible: ResponsiblePlay;
  /** Fair play's cases: read them, and freeze, dismiss, confirm (FEATURES.md §12). */
  readonly integrity: CaseActions & IntegrityCases;
  /** The slot machine (FEATURES.md §4). */
  readonly bandit: BanditService;
  /** Finished games' replays (FEATURES.md §14). */
  readonly replays: ReplayService;
  /** Whether this node can serve: its database and Redis, each within a bound. */
  readonly readiness: Readiness;
  /** The agents' tree for admins and agents (FEATURES.md §5). */
  readonly agents: Agents;
  /** The audit log's reads (its writes happen inside each admin write). */
  readonly audit: AuditLog;
  /** The operators' promo codes (FEATURES.md §2, §9); players redeem through `economy.promoCodes`. */
  readonly promoAdmin: PromoAdmin;
  /** Players' reports of each other and the admins' list of them (FEATURES.md §11, §17). */
  readonly reports: Reports;
  /** The admin area's users: counts, search, detail, adjustments, roles and bans (FEATURES.md §5, §8). */
  readonly adminUsers: AdminUsers;
  /** The banners (SPEC §7): the players' active ones and the admins' management. */
  readonly banners: Banners;
  /** The emoji catalogue. */
  readonly catalogue: Catalogue;
}

export interface Readiness {
  database(timeoutMs: number): Promise<ReadinessCheck>;
  /** Redis's state: `off` when the installation runs without it. */
  redis(timeoutMs: number): Promise<ReadinessCheck>;
}

/** The services that read and write the store for the routes, which never see the store themselves. */
export type DomainServices = Pick<
  Services,
  'readiness' | 'agents' | 'audit' | 'promoAdmin' | 'reports' | 'adminUsers' | 'banners' | 'catalogue'
> & { readonly caseReads: IntegrityCases };

export interface DomainDependencies {
  readonly accounts: Pick<AccountsService, 'afterRevocation'>;
  readonly rooms: Pick<RoomsModule, 'games' | 'limits'>;
  readonly redis: (timeoutMs: number) => Promise<ReadinessCheck>;
}

/** The small services over one store that app.ts puts beside the domains' own modules. */
export function createDomainServices(store: Store, deps: DomainDependencies): DomainServices {
  return {
    readiness: {
      database: (timeoutMs) =>
        bounded(
          store.db.execute(sql`select 1`).then(() => 'ok' as const),
          timeoutMs,
        ),
      redis: deps.redis,
    },
    agents: {
      list: (scope, query) => listAgents(store.db, scope, query),
      isInScope: (scope, userId) => isInScope(store.db, scope, userId),
      figures: (agentId, at) => agentFigures(store.db, agentId, at),
      children: (parentId, page, limit) => agentChildren(store.db, parentId, page, limit),
    },
    audit: { list: (page, limit, filter) => listAudit(store.db, page, limit, filter) },
    caseReads: {
      list: (status, page, limit) => listCases(store.db, status, page, limit),
      read: (id) => readCase(store.db, id),
    },
    promoAdmin: {
      create: (actor, input, at) => createPromoCode(store, actor, input, at),
      list: (page, limit) => listPromoCodes(store.db, page, limit),
      setActive: (actor, id, isActive, at) => setPromoCodeActive(store, actor, id, isActive, at),
      usesOf: (id, page, limit) => promoCodeUsesOf(store.db, id, page, limit),
    },
    reports: {
      report: (reporterId, roomId, body, at) =>
        reportPlayer(store.db, reporterId, roomId, body, at, (id) => deps.rooms.limits.take(`report:${id}`, REPORTS_PER_MINUTE, 60_000)),
      list: (page, limit, status) => listReports(store.db, page, limit, status),
      resolve: (actor, id, at) => resolveReport(store, actor, id, at),
    },
    adminUsers: createAdminUsers(store, deps),
    banners: {
      active: (at) => activeBanners(store.db, at),
      all: () => allBanners(store.db),
      find: async (id) => {
        const row = await findBanner(store.db, id);
        return row && bannerView(row);
      },
      create: (actor, values, at) => createBanner(store, actor, values, at),
      update: (actor, id, change, at) => updateBanner(store, actor, id, change, at),
      delete: (actor, id, at) => deleteBanner(store, actor, id, at),
      reorder: (actor, ids, at) => reorderBanners(store, actor, ids, at),
    },
    catalogue: { emoji: (page, limit) => listEmoji(store.db, page, limit) },
  };
}

function createAdminUsers(store: Store, deps: DomainDependencies): AdminUsers {
  return {
    perCountry: (page, limit) => usersPerCountry(store.db, page, limit),
    ofCountry: (country, page, limit) => usersOfCountry(store.db, country, page, limit),
    search: (query) => searchUsers(store.db, query),
    detail: (id, at) => adminUserDetail(store.db, id, at),
    adjust: (actor, id, request, at) => adjustBalance(store, actor, id, request, at),
    async patch(actor, id, change, at) {
      const result = await patchUser(store, actor, id, change, at);
      // A new role takes effect on the next token: the user's current ones are revoked.
      if (result.ok && result.value.isRoleChange) await deps.accounts.afterRevocation(id);
      return mapResult(result, (patched) => patched.user);
    },
    // After the ban commits: the user's sockets close on every node and their seats in waiting
    // rooms are freed, each room in its own transaction as a leave would be.
    async ban(actor, id, request, at) {
      const result = await banUser(store, actor, id, request, at);
      if (result.ok) {
        await deps.accounts.afterRevocation(id);
        for (const roomId of await waitingRoomsOf(store.db, id)) await deps.rooms.games.leaveWaitingRoom(id, roomId);
      }
      return result;
    },
    unban: (actor, id, at) => unbanUser(store, actor, id, at),
  };
}

export interface Agents {
  list(scope: TreeScope, query: AgentListQuery): ReturnType<typeof listAgents>;
  isInScope(scope: TreeScope, userId: number): Promise<boolean>;
  figures(agentId: number, at: Date): ReturnType<typeof agentFigures>;
  children(parentId: number, page: number, limit: number): ReturnType<typeof agentChildren>;
}

export interface AuditLog {
  list(page: number, limit: number, filter: AuditFilter): ReturnType<typeof listAudit>;
}

export interface IntegrityCases {
  list(status: IntegrityCaseStatus | undefined, page: number, limit: number): ReturnType<typeof listCases>;
  read(id: number): ReturnType<typeof readCase>;
}

export interface PromoAdmin {
  create(actor: AuditActor, input: NewPromoCode, at: Date): ReturnType<typeof createPromoCode>;
  list(page: number, limit: number): ReturnType<typeof listPromoCodes>;
  setActive(actor: AuditActor, id: number, isActive: boolean, at: Date): ReturnType<typeof setPromoCodeActive>;
  usesOf(id: number, page: number, limit: number): ReturnType<typeof promoCodeUsesOf>;
}

export interface Reports {
  /** At most REPORTS_PER_MINUTE a reporter, counted where the rooms count their limits. */
  report(reporterId: number, roomId: number, body: ReportBody, at: Date): ReturnType<typeof reportPlayer>;
  list(page: number, limit: number, status: AdminReport['status'] | undefined): ReturnType<typeof listReports>;
  resolve(actor: AuditActor, id: number, at: Date): ReturnType<typeof resolveReport>;
}

export interface AdminUsers {
  perCountry(page: number, limit: number): ReturnType<typeof usersPerCountry>;
  ofCountry(country: string, page: number, limit: number): ReturnType<typeof usersOfCountry>;
  search(query: Parameters<typeof searchUsers>[1]): ReturnType<typeof searchUsers>;
  detail(id: number, at: Date): ReturnType<typeof adminUserDetail>;
  adjust(actor: AuditActor, id: number, request: AdjustRequest, at: Date): ReturnType<typeof adjustBalance>;
  /** Roles and commission; a role change revokes the user's sessions. */
  patch(actor: AuditActor, id: number, change: Parameters<typeof patchUser>[3], at: Date): Promise<Result<UserPatched>>;
  /** Bans, closes the user's sockets and frees their waiting seats. */
  ban(actor: AuditActor, id: number, request: BanRequest, at: Date): ReturnType<typeof banUser>;
  unban(actor: AuditActor, id: number, at: Date): ReturnType<typeof unbanUser>;
}

export interface Banners {
  active(at: Date): ReturnType<typeof activeBanners>;
  all(): ReturnType<typeof allBanners>;
  find(id: number): Promise<ReturnType<typeof bannerView> | undefined>;
  create(actor: AuditActor, values: BannerValues, at: Date): ReturnType<typeof createBanner>;
  update(actor: AuditActor, id: number, change: BannerChange, at: Date): ReturnType<typeof updateBanner>;
  delete(actor: AuditActor, id: number, at: Date): ReturnType<typeof deleteBanner>;
  reorder(actor: AuditActor, ids: readonly number[], at: Date): ReturnType<typeof reorderBanners>;
}

export interface Catalogue {
  emoji(page: number, limit: number): ReturnType<typeof listEmoji>;
}
