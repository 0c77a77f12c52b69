import {
  availableReward,
  claimedReward,
  convertAnswer,
  convertBody,
  depositAnswer,
  depositBody,
  errorBody,
  idParam,
  productList,
  productQuery,
  promoCodeText,
  telegramWebhookAnswer,
  usedPromoCode,
  walletType,
} from '@durak/protocol';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isTelegramSecret, telegramUpdate } from '../economy/telegram-stars.js';
import type { RouteContext } from './route-context.js';
import { authenticate, callerOf } from './auth-hooks.js';
import { sendFailure } from './errors.js';
import { answer } from './paging.js';

const errors = { '4xx': errorBody, '5xx': errorBody };
const security = [{ bearer: [] }];

/** Products, deposits, conversion, daily rewards and promo codes (FEATURES.md §2). */
export function registerEconomyRoutes(root: FastifyInstance, { services }: RouteContext): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const signedIn = authenticate(services.tokens);
  const { economy } = services;

  app.get(
    '/api/product/',
    {
      onRequest: signedIn,
      schema: { tags: ['product'], security, querystring: productQuery, response: { 200: productList, ...errors } },
    },
    async (request) => ({
      items: await economy.products.list(request.query.kind),
      links: { next: null, previous: null },
    }),
  );

  app.post(
    '/api/payments/deposit/:provider/:wallet_type',
    {
      onRequest: signedIn,
      schema: {
        tags: ['payments'],
        security,
        params: z.object({ provider: z.string().min(1).max(40), wallet_type: walletType }),
        body: depositBody,
        response: { 200: depositAnswer, ...errors },
      },
    },
    async (request, reply) => {
      const { provider, wallet_type } = request.params;
      return answer(
        reply,
        await economy.deposits.deposit(callerOf(request).id, provider, wallet_type, request.body.amount, request.body.idempotency_key),
      );
    },
  );

  app.post(
    '/api/payments/convert/:id',
    {
      onRequest: signedIn,
      schema: {
        tags: ['payments'],
        security,
        params: z.object({ id: idParam }),
        body: convertBody,
        response: { 200: convertAnswer, ...errors },
      },
    },
    async (request, reply) => {
      return answer(reply, await economy.products.convert(callerOf(request).id, request.params.id, request.body.idempotency_key));
    },
  );

  // The bot's updates: no bearer token, Telegram proves itself with the secret set on setWebhook.
  // Anything but a wrong secret is answered 200, or Telegram would redeliver it for hours.
  app.post(
    '/api/payments/telegram/webhook',
    { schema: { tags: ['payments'], body: telegramUpdate, response: { 200: telegramWebhookAnswer, ...errors } } },
    async (request, reply) => {
      const secret = services.config.economy.telegramWebhookSecret;
      const given = request.headers['x-telegram-bot-api-secret-token'];
      if (!secret || !economy.telegram || !isTelegramSecret(secret, typeof given === 'string' ? given : undefined)) {
        return sendFailure(reply, { code: 'payment/webhook_forbidden', message: 'Wrong or missing X-Telegram-Bot-Api-Secret-Token' });
      }
      const handled = await economy.telegram.handle(request.body);
      if (!handled.ok) {
        request.log.warn({ failure: handled.error }, 'telegram payment update not applied');
        return { ok: false, handled: handled.error.code };
      }
      return { ok: true, handled: handled.value.handled };
    },
  );

  app.get(
    '/api/rewards/available_reward',
    { onRequest: signedIn, schema: { tags: ['rewards'], security, response: { 200: availableReward, ...errors } } },
    async (request) => {
      const reward = await economy.rewards.available(callerOf(request).id);
      // On a break or self-excluded (FEATURES.md §13): no reward prompt; the claim is refused too.
      return (await services.responsible.isKeptFromPlay(callerOf(request).id)) ? { ...reward, is_available: false } : reward;
    },
  );

  app.post(
    '/api/rewards/claim_daily_reward',
    { onRequest: signedIn, schema: { tags: ['rewards'], security, response: { 200: claimedReward, ...errors } } },
    async (request, reply) => {
      return answer(reply, await economy.rewards.claim(callerOf(request).id));
    },
  );

  app.post(
    '/api/promocode/use/:promoCode',
    {
      onRequest: signedIn,
      schema: {
        tags: ['promocode'],
        security,
        params: z.object({ promoCode: promoCodeText }),
        response: { 200: usedPromoCode, ...errors },
      },
    },
    async (request, reply) => {
      const userId = callerOf(request).id;
      if (await economy.isPromoLimited(userId, request.ip))
        return sendFailure(reply, { code: 'request/rate_limited', message: 'Too many promo code attempts, wait a minute' });
      return answer(reply, await economy.promoCodes.use(userId, request.params.promoCode));
    },
  );
}
