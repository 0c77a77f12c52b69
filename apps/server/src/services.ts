import type { AccountsService } from './accounts/accounts-service.js';
import type { TokenService } from './accounts/tokens.js';
import type { AvatarService } from './avatars/avatars-service.js';
import type { Config } from './config.js';
import type { Economy } from './economy/economy-module.js';
import type { FriendsModule } from './friends/friends-module.js';
import type { Metrics } from './shared/metrics.js';
import type { Realtime } from './rooms/realtime-wiring.js';
import type { RoomsModule } from './rooms/rooms-module.js';
import type { Store } from './store/db.js';
import type { CaseActions } from './integrity/cases-actions.js';
import type { PlayersService } from './players/players-service.js';
import type { TournamentsService } from './tournaments/tournaments-service.js';
import type { ResponsiblePlay } from './responsible-play/responsible-service.js';

/** Everything the routes (and later the rooms, the realtime gateway, ...) are built on. */
export interface Services {
  readonly config: Config;
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
  /** Fair play's case actions: freeze, dismiss, confirm (FEATURES.md §12). */
  readonly integrity: CaseActions;
}
