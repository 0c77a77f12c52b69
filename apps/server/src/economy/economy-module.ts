import type { Publisher } from '../publishing/outbox.js';
import type { Config } from '../config.js';
import type { RateWindows } from '../limits/rate-windows.js';
import type { Store } from '../store/db.js';
import type { StakeGuard } from '../responsible-play/stake-guard.js';
import { createAssetsService } from './assets-service.js';
import { createDepositsService, sandboxProvider, type DepositProvider } from './deposits.js';
import { createProductsService } from './products-service.js';
import { createPromoCodesService } from './promo-codes.js';
import { createRewardsService } from './rewards.js';
import { createTelegramPayments, telegramStarsProvider } from './telegram-stars.js';
import { createWalletNotice } from './wallet-notice.js';

export interface EconomyDeps {
  readonly store: Store;
  readonly config: Config;
  /** The node's one publisher; wallet notices go to `#{userId}` after each commit. */
  readonly publisher: Publisher;
  readonly now?: (() => Date) | undefined;
  readonly logError: (error: unknown, message: string) => void;
  /** The installation's shared rate windows (Redis when configured), so N nodes allow the promo attempts once. */
  readonly windows: RateWindows;
  /** The one stake guard (responsible play, fair play's freeze) every money path asks. */
  readonly guard: StakeGuard;
}

export type Economy = ReturnType<typeof createEconomy>;

/** The store, payments, rewards and promo codes (FEATURES.md §2), on the ledger. */
export function createEconomy(deps: EconomyDeps) {
  const { store, config } = deps;
  const now = deps.now ?? (() => new Date());
  const onWalletChange = createWalletNotice({ store, publisher: deps.publisher, logError: deps.logError });
  // Stars need both the bot (to create invoices) and the webhook secret (to hear of payments):
  // without the secret an invoice could be paid and never credited, so the provider stays off.
  const stars =
    config.telegramBotToken && config.economy.telegramWebhookSecret
      ? { botToken: config.telegramBotToken, apiUrl: config.economy.telegramApiUrl, chipsPerStar: config.economy.chipsPerStar }
      : undefined;
  const providers: DepositProvider[] = [];
  if (config.economy.paymentsSandbox) providers.push(sandboxProvider);
  if (stars) providers.push(telegramStarsProvider(stars));
  return {
    assets: createAssetsService({ store, onWalletChange, guard: deps.guard }),
    products: createProductsService({ store, onWalletChange, guard: deps.guard }),
    deposits: createDepositsService({ store, providers, onWalletChange, guard: deps.guard, now }),
    telegram: stars ? createTelegramPayments({ store, options: stars, onWalletChange, logError: deps.logError }) : undefined,
    rewards: createRewardsService({ store, now, onWalletChange, guard: deps.guard }),
    promoCodes: createPromoCodesService({ store, now, onWalletChange, guard: deps.guard }),
    /**
     * At most PROMO_USES_PER_MINUTE attempts per user and PROMO_USES_PER_MINUTE_PER_ADDRESS per
     * client address: a script guessing codes is refused before the database, and five accounts
     * from one address no longer get five allowances. An attempt the user's window refuses is not
     * counted against the address, so one greedy account does not lock out its neighbours.
     */
    async isPromoLimited(userId: number, address: string): Promise<boolean> {
      const perUser = config.economy.promoUsesPerMinute;
      if (!(await deps.windows.take(`promo:${userId}`, perUser, 60_000))) return true;
      return !(await deps.windows.take(`promo-address:${address}`, config.economy.promoUsesPerMinutePerAddress ?? perUser * 3, 60_000));
    },
  };
}
