import { timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Store } from '../store/db.js';
import { deposits } from '../store/economy-schema.js';
import { completeDeposit, type DepositProvider } from './deposits.js';
import { failure, ok, type Result } from '../shared/result.js';

export interface TelegramStarsOptions {
  readonly botToken: string;
  /** The Bot API base, `https://api.telegram.org` (a test points it at a fake server). */
  readonly apiUrl: string;
  /** Chips bought per Star. */
  readonly chipsPerStar: bigint;
}

/** Telegram allows at most this many Stars in one invoice. */
const MAX_STARS = 10_000n;
const PAYLOAD_PREFIX = 'deposit:';

type BotAnswer = { ok: true; result: unknown } | { ok: false; description?: string };

async function callBotApi(options: TelegramStarsOptions, method: string, body: Record<string, unknown>): Promise<BotAnswer> {
  try {
    const response = await fetch(`${options.apiUrl}/bot${options.botToken}/${method}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(8000),
    });
    const answer = (await response.json()) as BotAnswer;
    return answer && typeof answer === 'object' && 'ok' in answer ? answer : { ok: false, description: 'malformed Bot API answer' };
  } catch (error) {
    return { ok: false, description: error instanceof Error ? error.message : 'Bot API unreachable' };
  }
}

const starsOf = (options: TelegramStarsOptions, chips: bigint) => chips / options.chipsPerStar;

/** Telegram Stars: an invoice link from the Bot API; the bot's payment update completes it. */
export function telegramStarsProvider(options: TelegramStarsOptions): DepositProvider {
  return {
    name: 'telegram_stars',
    completesAtOnce: false,
    checkAmount(amount) {
      if (amount % options.chipsPerStar !== 0n) return `must be a multiple of ${options.chipsPerStar} chips (one Star)`;
      if (starsOf(options, amount) > MAX_STARS) return `must be at most ${MAX_STARS * options.chipsPerStar} chips`;
      return undefined;
    },
    async payUrl(deposit) {
      const answer = await callBotApi(options, 'createInvoiceLink', {
        title: `${deposit.amount} chips`,
        description: `${deposit.amount} chips for your ${deposit.walletType === 'BALANCE' ? 'balance' : 'bonus balance'}`,
        payload: `${PAYLOAD_PREFIX}${deposit.id}`,
        currency: 'XTR',
        prices: [{ label: `${deposit.amount} chips`, amount: Number(starsOf(options, deposit.amount)) }],
      });
      if (!answer.ok || typeof answer.result !== 'string') {
        return failure('payment/provider_failed', 'Telegram did not create the invoice; try again', {
          reason: answer.ok ? 'no link' : (answer.description ?? 'unknown'),
        });
      }
      return ok(answer.result);
    },
  };
}

/** The parts of a Bot API Update the payments use; anything else in it is ignored. */
export const telegramUpdate = z.looseObject({
  update_id: z.number().int(),
  pre_checkout_query: z
    .looseObject({ id: z.string(), currency: z.string(), total_amount: z.number().int(), invoice_payload: z.string() })
    .optional(),
  message: z
    .looseObject({
      successful_payment: z
        .looseObject({
          currency: z.string(),
          total_amount: z.number().int(),
          invoice_payload: z.string(),
          telegram_payment_charge_id: z.string().min(1),
        })
        .optional(),
    })
    .optional(),
});
export type TelegramUpdate = z.infer<typeof telegramUpdate>;

/** Compares the X-Telegram-Bot-Api-Secret-Token header with ours in constant time. */
export function isTelegramSecret(expected: string, given: string | undefined): boolean {
  if (!given) return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Handles the bot's payment updates. A pre-checkout query is answered (Telegram cancels the
 * payment unless answered within 10 s): yes only for a pending deposit whose Stars match. A
 * successful payment completes its deposit; the deposit's ledger key and the UNIQUE charge id make
 * a redelivered update credit nothing more.
 */
export function createTelegramPayments(deps: {
  store: Store;
  options: TelegramStarsOptions;
  onWalletChange: (userId: number) => Promise<void>;
  logError: (error: unknown, message: string) => void;
}) {
  const { store, options } = deps;

  async function depositFor(payload: string) {
    if (!payload.startsWith(PAYLOAD_PREFIX)) return undefined;
    const id = Number(payload.slice(PAYLOAD_PREFIX.length));
    if (!Number.isSafeInteger(id) || id <= 0) return undefined;
    const [row] = await store.db.select().from(deposits).where(eq(deposits.id, id));
    return row?.provider === 'telegram_stars' ? row : undefined;
  }

  return {
    async handle(update: TelegramUpdate): Promise<Result<{ handled: string }>> {
      const query = update.pre_checkout_query;
      if (query) {
        const row = await depositFor(query.invoice_payload);
        const isPayable =
          row?.status === 'pending' && query.currency === 'XTR' && BigInt(query.total_amount) === starsOf(options, row.amount);
        const answer = await callBotApi(options, 'answerPreCheckoutQuery', {
          pre_checkout_query_id: query.id,
          ok: isPayable,
          ...(isPayable ? {} : { error_message: 'This invoice is no longer valid.' }),
        });
        if (!answer.ok) deps.logError(new Error(answer.description), 'answerPreCheckoutQuery failed');
        return ok({ handled: isPayable ? 'pre_checkout_ok' : 'pre_checkout_refused' });
      }
      const payment = update.message?.successful_payment;
      if (!payment) return ok({ handled: 'ignored' });
      const row = await depositFor(payment.invoice_payload);
      if (!row) return failure('payment/deposit_not_found', 'The payment names no deposit of ours', { payload: payment.invoice_payload });
      if (payment.currency !== 'XTR' || BigInt(payment.total_amount) !== starsOf(options, row.amount)) {
        // Telegram took a payment we would have refused; keep it for a person to look at, credit nothing.
        deps.logError(
          new Error(`deposit ${row.id}: paid ${payment.total_amount} ${payment.currency}`),
          'telegram payment does not match its deposit',
        );
        return ok({ handled: 'mismatch' });
      }
      const done = await store.withTransaction(async (tx) => {
        const [other] = await tx
          .select({ id: deposits.id })
          .from(deposits)
          .where(eq(deposits.externalChargeId, payment.telegram_payment_charge_id));
        if (other && other.id !== row.id)
          return failure('payment/key_reused', 'This charge completed another deposit', { deposit_id: other.id });
        return completeDeposit(tx, row.id, payment.telegram_payment_charge_id);
      });
      if (!done.ok) return done;
      if (done.value.isNew) await deps.onWalletChange(row.userId);
      return ok({ handled: done.value.isNew ? 'credited' : 'already_credited' });
    },
  };
}
