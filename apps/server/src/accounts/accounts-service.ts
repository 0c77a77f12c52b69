import type { Me, RegistrationRequest, TokenPair } from '@durak/protocol';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { failure, type Result } from '../shared/result.js';
import { pgErrorCode, pgErrors, type Store, type Tx } from '../store/db.js';
import { users } from '../store/schema.js';
import { parentFromStartParam, validateInitData, type TelegramUser } from '../telegram/init-data.js';
import { listWallets, payWelcomeBonus } from '../wallets/wallets.js';
import type { PasswordHasher } from './passwords.js';
import { isBannedAt, revokeSessions } from './revocation.js';
import { issueRefreshToken, refreshTokenOwner, revokeFamily, revokeRefreshToken, rotateRefreshToken } from './sessions.js';
import type { TokenService } from './tokens.js';
import { usernameSkeleton } from './username-skeleton.js';
import { canAdoptParent, insertUser, rolesOf } from './users.js';

export interface AccountsOptions {
  readonly store: Store;
  readonly tokens: TokenService;
  readonly passwords: PasswordHasher;
  readonly welcomeBonus: bigint;
  readonly refreshTokenDays: number;
  readonly telegramBotToken: string | undefined;
  readonly now?: () => Date;
  /**
   * After a commit that raised a user's token version: closes their realtime connections on every
   * node (the broker's control channel). Bound late: the gateway is built after the accounts.
   */
  readonly onSessionsRevoked?: (userId: number) => Promise<void>;
  /**
   * In the transaction that issues a sign-in's tokens: the fair-play record of who signed in from
   * which device and address (FEATURES.md §12). Wired in app.ts, so accounts import no other domain.
   */
  readonly onSignIn?: (tx: Tx, event: SignIn) => Promise<void>;
}

/** The client of a sign-in as the route saw it: the web's device id and the request's address. */
export interface ClientInfo {
  readonly deviceId?: string | null | undefined;
  readonly address?: string | null | undefined;
}

export interface SignIn extends ClientInfo {
  readonly userId: number;
  readonly kind: 'register' | 'login' | 'telegram';
  readonly telegramId?: bigint | null;
  readonly at: Date;
}

/** The refusal of a banned account; `details.until` is the ban's end (ISO), null for a permanent one. */
type Banned = Result<never, 'auth/banned'>;

export type AccountsService = ReturnType<typeof createAccountsService>;

const taken = {
  ok: false,
  error: { code: 'user/username_taken', message: 'This username is taken', details: { field: 'username' } },
} as const;

/** Sign-up, sign-in, sessions and profile: everything about who a user is. */
export function createAccountsService(options: AccountsOptions) {
  const { store, tokens, passwords } = options;
  const now = options.now ?? (() => new Date());

  async function signedIn(tx: Tx, userId: number, kind: SignIn['kind'], client: ClientInfo, telegramId?: bigint): Promise<TokenPair> {
    await options.onSignIn?.(tx, { ...client, userId, kind, telegramId: telegramId ?? null, at: now() });
    return issueTokens(tx, userId);
  }

  async function issueTokens(tx: Tx, userId: number): Promise<TokenPair> {
    const refresh_token = await issueRefreshToken(tx, userId, options.refreshTokenDays, now());
    return { access_token: await accessToken(tx, userId), refresh_token };
  }

  async function accessToken(tx: Tx, userId: number): Promise<string> {
    const [roles, [user]] = await Promise.all([
      rolesOf(tx, userId),
      tx.select({ tokenVersion: users.tokenVersion }).from(users).where(eq(users.id, userId)),
    ]);
    return tokens.signAccessToken(userId, roles, user?.tokenVersion ?? 0);
  }

  /**
   * 403 auth/banned while a ban holds: sign-in, refresh and Telegram sign-in all ask this, in the
   * transaction that issues the tokens. The share lock waits for a ban being written (it locks the
   * row for update), and a ban written after sees the refresh token issued here and revokes it.
   */
  async function banOf(tx: Tx, userId: number): Promise<Banned | undefined> {
    const [user] = await tx
      .select({ bannedAt: users.bannedAt, bannedUntil: users.bannedUntil })
      .from(users)
      .where(eq(users.id, userId))
      .for('share');
    if (!user || !isBannedAt(user, now())) return undefined;
    const until = user.bannedUntil?.toISOString() ?? null;
    return failure('auth/banned', until ? `This account is banned until ${until}` : 'This account is banned', { until });
  }

  async function afterRevocation(userId: number): Promise<void> {
    await options.onSessionsRevoked?.(userId);
  }

  /** A new user: the row, wallets, role, and the welcome bonus through the ledger — one transaction. */
  async function createUser(tx: Tx, user: Parameters<typeof insertUser>[1]): Promise<number | undefined> {
    const id = await insertUser(tx, user);
    if (id !== undefined) await payWelcomeBonus(tx, id, options.welcomeBonus);
    return id;
  }

  return {
    async register(input: RegistrationRequest, client: ClientInfo = {}): Promise<Result<TokenPair, 'user/username_taken'>> {
      const passwordHash = await passwords.hash(input.password);
      return store.withTransaction(async (tx) => {
        // The inviter from the site's link: set here, once, to an existing user (a new account
        // cannot be its own inviter); an unknown id is ignored rather than refusing the sign-up.
        const parentId = input.pr !== undefined && input.pr !== null && (await canAdoptParent(tx, undefined, input.pr)) ? input.pr : null;
        const id = await createUser(tx, {
          username: input.username,
          passwordHash,
          country: input.country ?? null,
          language: input.language ?? null,
          parentId,
        });
        if (id === undefined) return taken;
        return { ok: true, value: await signedIn(tx, id, 'register', { deviceId: input.device_id, ...client }) };
      });
    },

    async login(
      username: string,
      password: string,
      client: ClientInfo = {},
    ): Promise<Result<TokenPair, 'auth/invalid_credentials' | 'auth/banned'>> {
      // Folded by the database, as the unique index folds it: JavaScript's toLowerCase and a
      // database whose ctype folds only ASCII disagree on 'Ё', and the user was then never found.
      const [user] = await store.db
        .select({ id: users.id, passwordHash: users.passwordHash })
        .from(users)
        .where(sql`lower(${users.username}) = lower(${username})`);
      const isValid = await passwords.verify(user?.passwordHash ?? null, password);
      if (!user || !user.passwordHash || !isValid) {
        return { ok: false, error: { code: 'auth/invalid_credentials', message: 'Wrong username or password' } };
      }
      // After the password check, so a ban tells nothing to someone who does not know the password.
      return store.withTransaction(
        async (tx) => (await banOf(tx, user.id)) ?? { ok: true, value: await signedIn(tx, user.id, 'login', client) },
      );
    },

    async refresh(refreshToken: string): Promise<Result<TokenPair, 'auth/refresh_invalid' | 'auth/banned'>> {
      const invalid = { ok: false, error: { code: 'auth/refresh_invalid', message: 'The refresh token is not valid' } } as const;
      let reusedFamilyId: string | undefined;
      const answer = await store.withTransaction(async (tx): Promise<Result<TokenPair, 'auth/refresh_invalid' | 'auth/banned'>> => {
        // The user's row before the token's, the order a ban locks them in: the two never deadlock.
        const owner = await refreshTokenOwner(tx, refreshToken);
        if (owner === undefined) return invalid;
        // A ban revokes the refresh tokens; this covers one issued while the ban was being written.
        const banned = await banOf(tx, owner);
        if (banned) return banned;
        const rotated = await rotateRefreshToken(tx, refreshToken, options.refreshTokenDays, now());
        if (!rotated.ok) {
          reusedFamilyId = rotated.reusedFamilyId;
          return invalid;
        }
        return { ok: true, value: { access_token: await accessToken(tx, rotated.userId), refresh_token: rotated.refreshToken } };
      });
      // A token used twice was stolen: its whole family is revoked although this refresh is refused,
      // so in a transaction of its own (the refusal rolled its own back).
      const familyId = reusedFamilyId;
      if (familyId !== undefined) await store.withTransaction((tx) => revokeFamily(tx, familyId));
      return answer;
    },

    /**
     * "Sign out everywhere": every access token of the user is refused from the next request on,
     * on every node, every refresh token is revoked and the open realtime connections are closed.
     */
    async signOutEverywhere(userId: number): Promise<void> {
      await store.withTransaction((tx) => revokeSessions(tx, userId, { refreshTokens: true }, now()));
      await afterRevocation(userId);
    },

    /**
     * A new password ends every session (a thief who knew the old one is signed out); the caller
     * gets a fresh pair so the device it changed the password on stays signed in.
     */
    async changePassword(
      userId: number,
      currentPassword: string,
      newPassword: string,
    ): Promise<Result<TokenPair, 'auth/wrong_password' | 'user/not_found'>> {
      const [user] = await store.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
      if (!user) return { ok: false, error: { code: 'user/not_found', message: 'No such user' } };
      if (!(await passwords.verify(user.passwordHash, currentPassword))) {
        return {
          ok: false,
          error: { code: 'auth/wrong_password', message: 'current_password: wrong password', details: { field: 'current_password' } },
        };
      }
      const passwordHash = await passwords.hash(newPassword);
      const pair = await store.withTransaction(async (tx) => {
        await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
        await revokeSessions(tx, userId, { refreshTokens: true }, now());
        return issueTokens(tx, userId);
      });
      await afterRevocation(userId);
      return { ok: true, value: pair };
    },

    /** After a role change or a ban committed elsewhere (admin): closes the user's connections. */
    afterRevocation,

    logout(refreshToken: string): Promise<void> {
      return store.withTransaction((tx) => revokeRefreshToken(tx, refreshToken));
    },

    async telegramSignIn(
      initData: string,
      client: ClientInfo = {},
    ): Promise<
      Result<TokenPair, 'auth/telegram_invalid' | 'auth/telegram_expired' | 'auth/telegram_unavailable' | 'request/invalid' | 'auth/banned'>
    > {
      if (!options.telegramBotToken) {
        return { ok: false, error: { code: 'auth/telegram_unavailable', message: 'Telegram sign-in is not configured' } };
      }
      const checked = validateInitData(initData, options.telegramBotToken, now());
      if (!checked.ok) return checked;
      const { user, startParam } = checked.value;
      return store.withTransaction(async (tx) => {
        const existingId = await telegramUserId(tx, user.id);
        if (existingId !== undefined) {
          if (user.photoUrl?.startsWith('https://')) {
            await tx
              .update(users)
              .set({ avatarUrl: user.photoUrl })
              .where(and(eq(users.id, existingId), isNull(users.avatarUrl)));
          }
          const banned = await banOf(tx, existingId);
          if (banned) return banned;
          return { ok: true, value: await signedIn(tx, existingId, 'telegram', client, user.id) };
        }
        // The parent comes only from the signed start_param and is fixed here, at first sign-up.
        const parent = parentFromStartParam(startParam);
        const parentId = parent !== undefined && (await canAdoptParent(tx, undefined, parent)) ? parent : null;
        const id = await createTelegramUser(tx, user, parentId);
        return { ok: true, value: await signedIn(tx, id, 'telegram', client, user.id) };
      });
    },

    async profile(userId: number): Promise<Result<Me, 'user/not_found'>> {
      const [user] = await store.db.select().from(users).where(eq(users.id, userId));
      if (!user) return { ok: false, error: { code: 'user/not_found', message: 'No such user' } };
      const [roles, wallets] = await Promise.all([rolesOf(store.db, userId), listWallets(store.db, userId)]);
      return {
        ok: true,
        value: {
          id: user.id,
          username: user.username,
          avatar_url: user.avatarUrl,
          country: user.country,
          language: user.language,
          parent_id: user.parentId,
          telegram_id: user.telegramId === null ? null : user.telegramId.toString(),
          roles,
          wallets: wallets.map((w) => ({ wallet_type: w.walletType, balance: w.balance.toString() })),
        },
      };
    },

    async changeUsername(userId: number, username: string): Promise<Result<{ username: string }, 'user/username_taken'>> {
      // The unique index decides, not a read first: two players renaming to one free name at the
      // same moment both passed a read and the second update's violation escaped as a 500.
      try {
        await store.db
          .update(users)
          .set({ username, usernameSkeleton: usernameSkeleton(username) })
          .where(eq(users.id, userId));
      } catch (error) {
        if (pgErrorCode(error) === pgErrors.uniqueViolation) return taken;
        throw error;
      }
      return { ok: true, value: { username } };
    },

    /** Sets the avatar and answers the one it replaced (null when there was none). */
    async setAvatarUrl(userId: number, avatarUrl: string): Promise<string | null> {
      return store.withTransaction(async (tx) => {
        const [before] = await tx.select({ avatarUrl: users.avatarUrl }).from(users).where(eq(users.id, userId)).for('update');
        await tx.update(users).set({ avatarUrl }).where(eq(users.id, userId));
        return before?.avatarUrl ?? null;
      });
    },

    /** A user made by the system (the seeded first admin), in the caller's transaction. */
    createUser: (tx: Tx, user: Parameters<typeof insertUser>[1]) => createUser(tx, user),
  };

  async function createTelegramUser(tx: Tx, user: TelegramUser, parentId: number | null): Promise<number> {
    const base = telegramUsername(user);
    const language = user.languageCode?.toLowerCase().split('-')[0];
    for (let attempt = 0; attempt < 20; attempt++) {
      const suffix = attempt === 0 ? '' : `_${attempt === 1 ? user.id.toString().slice(-4) : Math.floor(Math.random() * 1e6)}`;
      const id = await createUser(tx, {
        username: `${base.slice(0, 32 - suffix.length)}${suffix}`,
        telegramId: user.id,
        avatarUrl: user.photoUrl?.startsWith('https://') ? user.photoUrl : null,
        language: language && /^[a-z]{2,3}$/.test(language) ? language : null,
        parentId,
      });
      if (id !== undefined) return id;
      // A simultaneous first sign-in of the same Telegram user (a mini-app that fires twice) got
      // there first: the insert waited for it on the telegram_id index, and under READ COMMITTED
      // this statement sees its row. That user is this one; the name was never the problem.
      const winnerId = await telegramUserId(tx, user.id);
      if (winnerId !== undefined) return winnerId;
    }
    throw new Error(`could not find a free username for telegram user ${user.id}`);
  }
}

async function telegramUserId(tx: Tx, telegramId: bigint): Promise<number | undefined> {
  const [row] = await tx.select({ id: users.id }).from(users).where(eq(users.telegramId, telegramId));
  return row?.id;
}

/** Telegram usernames already fit our rules ([A-Za-z0-9_]{5,32}); users without one get tg<id>. */
function telegramUsername(user: TelegramUser): string {
  if (user.username && /^[A-Za-z0-9_]{3,32}$/.test(user.username)) return user.username;
  return `tg${user.id}`;
}
