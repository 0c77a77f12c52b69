import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { newPlayer, type TestPlayer } from '../rooms/test-support.js';
import { request } from '../test-support/http.js';
import { startTestServer, type TestServer } from '../test-support/server.js';
import { expectBooksBalance, walletsOf, type ErrorAnswer } from './test-support.js';

/** A stand-in for the Bot API on 127.0.0.1: records each call and answers like Telegram. */
interface FakeBotApi {
  readonly url: string;
  readonly calls: { method: string; token: string; body: Record<string, unknown> }[];
  failNext: boolean;
  close(): Promise<void>;
}

async function startFakeBotApi(): Promise<FakeBotApi> {
  const fake = { calls: [] as FakeBotApi['calls'], failNext: false };
  const server: Server = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString()));
    req.on('end', () => {
      const [, token = '', method = ''] = /^\/bot([^/]+)\/(\w+)$/.exec(req.url ?? '') ?? [];
      const body = JSON.parse(text || '{}') as Record<string, unknown>;
      fake.calls.push({ method, token, body });
      res.setHeader('content-type', 'application/json');
      if (fake.failNext) {
        fake.failNext = false;
        res.end(JSON.stringify({ ok: false, error_code: 400, description: 'Bad Request: currency is invalid' }));
      } else if (method === 'createInvoiceLink')
        res.end(JSON.stringify({ ok: true, result: `https://t.me/$invoice-${String(body.payload)}` }));
      else res.end(JSON.stringify({ ok: true, result: true }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(fake, {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}

const secret = 'telegram-webhook-secret-1';
let bot: FakeBotApi;
let server: TestServer;
beforeAll(async () => {
  bot = await startFakeBotApi();
  server = await startTestServer({
    telegramBotToken: '4242:FAKE-token',
    economy: { paymentsSandbox: true, telegramApiUrl: bot.url, telegramWebhookSecret: secret, chipsPerStar: 100n, promoUsesPerMinute: 100 },
  });
});
afterAll(async () => {
  await server?.close();
  await bot?.close();
});
afterEach(async () => expectBooksBalance(server.services.store));

const starsDeposit = (p: TestPlayer, amount: string, key: string) =>
  request<{ deposit_id: number; status: string; pay_url?: string } & ErrorAnswer>(
    `${server.url}/api/payments/deposit/telegram_stars/BALANCE`,
    { token: p.token, body: { amount, idempotency_key: key } },
  );
const webhook = (update: Record<string, unknown>, token: string | undefined = secret) =>
  request<{ ok: boolean; handled: string } & ErrorAnswer>(`${server.url}/api/payments/telegram/webhook`, {
    body: update,
    headers: token ? { 'x-telegram-bot-api-secret-token': token } : {},
  });
let updateId = 1;
const paid = (depositId: number, stars: number, chargeId: string) => ({
  update_id: updateId++,
  message: {
    message_id: 5,
    date: 1,
    chat: { id: 1, type: 'private' },
    successful_payment: {
      currency: 'XTR',
      total_amount: stars,
      invoice_payload: `deposit:${depositId}`,
      telegram_payment_charge_id: chargeId,
      provider_payment_charge_id: '',
    },
  },
});

describe('Telegram Stars deposits', () => {
  it('give a Stars invoice link and stay pending until the bot hears of the payment', async () => {
    const p = await newPlayer(server.url, 'stars');
    const started = await starsDeposit(p, '1500', 'stars-key-1');
    expect(started.status).toBe(200);
    expect(started.body).toEqual({
      deposit_id: expect.any(Number),
      status: 'pending',
      pay_url: `https://t.me/$invoice-deposit:${started.body.deposit_id}`,
    });
    const call = bot.calls.find((c) => c.method === 'createInvoiceLink' && c.body.payload === `deposit:${started.body.deposit_id}`);
    expect(call?.token).toBe('4242:FAKE-token');
    expect(call?.body).toMatchObject({ currency: 'XTR', prices: [{ label: expect.any(String), amount: 15 }] });
    expect((await walletsOf(server.url, p.token)).BALANCE).toBe(0n);
    // The same key again: the same deposit and link, no second invoice.
    const invoices = bot.calls.filter((c) => c.method === 'createInvoiceLink').length;
    expect((await starsDeposit(p, '1500', 'stars-key-1')).body.pay_url).toBe(started.body.pay_url);
    expect(bot.calls.filter((c) => c.method === 'createInvoiceLink')).toHaveLength(invoices);

    // Telegram asks before charging; the bot must say yes within 10 s.
    const pre = await webhook({
      update_id: updateId++,
      pre_checkout_query: {
        id: 'pcq-1',
        from: { id: 7 },
        currency: 'XTR',
        total_amount: 15,
        invoice_payload: `deposit:${started.body.deposit_id}`,
      },
    });
    expect(pre.body).toEqual({ ok: true, handled: 'pre_checkout_ok' });
    expect(bot.calls.at(-1)).toMatchObject({ method: 'answerPreCheckoutQuery', body: { pre_checkout_query_id: 'pcq-1', ok: true } });

    const done = await webhook(paid(started.body.deposit_id, 15, 'charge-1'));
    expect(done.body).toEqual({ ok: true, handled: 'credited' });
    expect((await walletsOf(server.url, p.token)).BALANCE).toBe(1500n);
    const status = await starsDeposit(p, '1500', 'stars-key-1');
    expect(status.body.status).toBe('completed');
  });

  it('a payment update delivered twice, or twice at once, credits once', async () => {
    const p = await newPlayer(server.url, 'twice');
    const started = await starsDeposit(p, '500', 'stars-twice-1');
    const update = paid(started.body.deposit_id, 5, 'charge-twice');
    const answers = await Promise.all([webhook(update), webhook(update), webhook(update)]);
    expect(answers.map((a) => a.body.handled).sort()).toEqual(['already_credited', 'already_credited', 'credited']);
    expect((await webhook(update)).body.handled).toBe('already_credited');
    expect((await walletsOf(server.url, p.token)).BALANCE).toBe(500n);
  });

  it('refuses a pre-checkout whose Stars do not match, and credits nothing for such a payment', async () => {
    const p = await newPlayer(server.url, 'mismatch');
    const started = await starsDeposit(p, '300', 'stars-mismatch-1');
    const pre = await webhook({
      update_id: updateId++,
      pre_checkout_query: {
        id: 'pcq-2',
        from: { id: 7 },
        currency: 'XTR',
        total_amount: 1,
        invoice_payload: `deposit:${started.body.deposit_id}`,
      },
    });
    expect(pre.body.handled).toBe('pre_checkout_refused');
    expect(bot.calls.at(-1)).toMatchObject({ method: 'answerPreCheckoutQuery', body: { ok: false, error_message: expect.any(String) } });
    expect((await webhook(paid(started.body.deposit_id, 1, 'charge-cheap'))).body.handled).toBe('mismatch');
    expect((await webhook(paid(987654, 3, 'charge-nobody'))).body).toEqual({ ok: false, handled: 'payment/deposit_not_found' });
    expect((await walletsOf(server.url, p.token)).BALANCE).toBe(0n);
  });

  it('answers a webhook without the secret token 401 and credits nothing', async () => {
    const p = await newPlayer(server.url, 'forged');
    const started = await starsDeposit(p, '200', 'stars-forged-1');
    for (const token of ['', 'wrong-secret', `${secret}x`]) {
      const answer = await webhook(paid(started.body.deposit_id, 2, 'charge-forged'), token);
      expect(answer.status).toBe(401);
      expect(answer.body.error.code).toBe('payment/webhook_forbidden');
    }
    expect((await walletsOf(server.url, p.token)).BALANCE).toBe(0n);
  });

  it('a Bot API failure is 502 payment/provider_failed and the same key asks again', async () => {
    const p = await newPlayer(server.url, 'botdown');
    bot.failNext = true;
    const failed = await starsDeposit(p, '100', 'stars-down-1');
    expect(failed.status).toBe(502);
    expect(failed.body.error.code).toBe('payment/provider_failed');
    const retried = await starsDeposit(p, '100', 'stars-down-1');
    expect(retried.status).toBe(200);
    expect(retried.body.pay_url).toMatch(/^https:\/\/t\.me\//);
  });

  it('is off without a webhook secret: an invoice nobody could complete is never offered', async () => {
    const quiet = await startTestServer({
      telegramBotToken: '4242:FAKE-token',
      economy: { ...server.config.economy, telegramWebhookSecret: undefined },
    });
    try {
      const p = await newPlayer(quiet.url, 'nosecret');
      const answer = await request<ErrorAnswer>(`${quiet.url}/api/payments/deposit/telegram_stars/BALANCE`, {
        token: p.token,
        body: { amount: '100', idempotency_key: 'no-secret-1' },
      });
      expect(answer.status).toBe(404);
      expect(answer.body.error.code).toBe('payment/provider_not_found');
    } finally {
      await quiet.close();
    }
  });

  it('takes whole Stars only: an amount that is not a multiple of the rate is 400 naming amount', async () => {
    const p = await newPlayer(server.url, 'frac');
    const answer = await starsDeposit(p, '150', 'stars-frac-1');
    expect(answer.status).toBe(400);
    expect(answer.body.error.details?.field).toBe('amount');
  });
});
