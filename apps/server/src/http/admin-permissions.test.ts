import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { form, picture, placeUser, type TestUser } from '../admin/test-support.js';
import { request } from '../test-support/http.js';
import { startTestServer, type TestServer } from '../test-support/server.js';

let server: TestServer;
let player: TestUser;
let banTarget: TestUser;
let agent: TestUser;
let otherAgent: TestUser;
let admin: TestUser;
let png: Buffer;
const bannerIds: number[] = [];

type Who = 'stranger' | 'player' | 'agent' | 'admin';
interface Call {
  readonly method: string;
  /** The path as the route table names it, and the one sent. */
  readonly route: string;
  readonly path: () => string;
  readonly body?: () => unknown;
  readonly form?: () => Promise<FormData>;
  /** Expected status per caller, in the order stranger, player, agent, admin. */
  readonly expect: readonly [number, number, number, number];
}

const window = { start_date: '2026-01-01T00:00:00Z', end_date: '2027-01-01T00:00:00Z' };
let keys = 0;

/** Role x call -> status: every admin call, and what each kind of caller gets from it. */
const calls: Call[] = [
  { method: 'GET', route: '/api/permission/me', path: () => '/api/permission/me', expect: [401, 200, 200, 200] },
  { method: 'GET', route: '/api/banner', path: () => '/api/banner', expect: [401, 200, 200, 200] },
  { method: 'GET', route: '/api/admin/banner', path: () => '/api/admin/banner', expect: [401, 403, 403, 200] },
  {
    method: 'POST',
    route: '/api/banner',
    path: () => '/api/banner',
    form: async () => form({ name: 'Spring', ...window }, { data: png }),
    expect: [401, 403, 403, 201],
  },
  { method: 'GET', route: '/api/banner/{id}', path: () => `/api/banner/${bannerIds[0]}`, expect: [401, 403, 403, 200] },
  {
    method: 'PATCH',
    route: '/api/banner/{id}',
    path: () => `/api/banner/${bannerIds[0]}`,
    form: async () => form({ name: 'Renamed' }),
    expect: [401, 403, 403, 200],
  },
  {
    method: 'PATCH',
    route: '/api/banners/order/change',
    path: () => '/api/banners/order/change',
    body: () => ({ ids: [...bannerIds].reverse() }),
    expect: [401, 403, 403, 200],
  },
  { method: 'DELETE', route: '/api/banner/{id}', path: () => `/api/banner/${bannerIds.at(-1)}`, expect: [401, 403, 403, 204] },
  {
    method: 'GET',
    route: '/api/admin/info/admin/users/country',
    path: () => '/api/admin/info/admin/users/country',
    expect: [401, 403, 403, 200],
  },
  {
    method: 'GET',
    route: '/api/admin/info/admin/users/country/{code}',
    path: () => '/api/admin/info/admin/users/country/KZ',
    expect: [401, 403, 403, 200],
  },
  { method: 'GET', route: '/api/admin/users/{id}', path: () => `/api/admin/users/${player.id}`, expect: [401, 403, 403, 200] },
  // Responsible play (FEATURES.md §13): the admin reads a player's limits and breaks, never ends one.
  {
    method: 'GET',
    route: '/api/admin/users/{id}/responsible-play',
    path: () => `/api/admin/users/${player.id}/responsible-play`,
    expect: [401, 403, 403, 200],
  },
  {
    method: 'POST',
    route: '/api/admin/users/{id}/adjust',
    path: () => `/api/admin/users/${player.id}/adjust`,
    body: () => ({ wallet_type: 'BALANCE', amount: '100', reason: 'goodwill', idempotency_key: `table-key-${(keys += 1)}` }),
    expect: [401, 403, 403, 200],
  },
  {
    method: 'PATCH',
    route: '/api/admin/users/{id}',
    path: () => `/api/admin/users/${player.id}`,
    body: () => ({ commission_bps: 100 }),
    expect: [401, 403, 403, 200],
  },
  // A user of its own: a ban revokes the target's tokens, and the table's player must keep its own.
  {
    method: 'POST',
    route: '/api/admin/users/{id}/ban',
    path: () => `/api/admin/users/${banTarget.id}/ban`,
    body: () => ({ reason: 'table test' }),
    expect: [401, 403, 403, 200],
  },
  {
    method: 'DELETE',
    route: '/api/admin/users/{id}/ban',
    path: () => `/api/admin/users/${banTarget.id}/ban`,
    expect: [401, 403, 403, 200],
  },
  { method: 'GET', route: '/api/admin/info/admin/agent', path: () => '/api/admin/info/admin/agent', expect: [401, 403, 200, 200] },
  {
    method: 'GET',
    route: '/api/admin/info/admin/agent/{id}',
    path: () => `/api/admin/info/admin/agent/${agent.id}`,
    expect: [401, 403, 200, 200],
  },
  {
    method: 'GET',
    route: '/api/admin/info/admin/agent/children/{id}',
    path: () => `/api/admin/info/admin/agent/children/${agent.id}`,
    expect: [401, 403, 200, 200],
  },
  { method: 'GET', route: '/api/admin/audit', path: () => '/api/admin/audit', expect: [401, 403, 403, 200] },
  { method: 'GET', route: '/api/admin/reports', path: () => '/api/admin/reports', expect: [401, 403, 403, 200] },
  // Fair play (FEATURES.md §12): a case that does not exist is 404 to the admin, after the guard.
  { method: 'GET', route: '/api/admin/integrity/cases', path: () => '/api/admin/integrity/cases', expect: [401, 403, 403, 200] },
  {
    method: 'GET',
    route: '/api/admin/integrity/cases/{id}',
    path: () => '/api/admin/integrity/cases/999999',
    expect: [401, 403, 403, 404],
  },
  {
    method: 'POST',
    route: '/api/admin/integrity/cases/{id}/freeze',
    path: () => '/api/admin/integrity/cases/999999/freeze',
    expect: [401, 403, 403, 404],
  },
  {
    method: 'POST',
    route: '/api/admin/integrity/cases/{id}/dismiss',
    path: () => '/api/admin/integrity/cases/999999/dismiss',
    expect: [401, 403, 403, 404],
  },
  {
    method: 'POST',
    route: '/api/admin/integrity/cases/{id}/confirm',
    path: () => '/api/admin/integrity/cases/999999/confirm',
    body: () => ({ action: 'none' }),
    expect: [401, 403, 403, 404],
  },
  {
    method: 'POST',
    route: '/api/admin/reports/{id}/resolve',
    path: () => '/api/admin/reports/987654/resolve',
    expect: [401, 403, 403, 404],
  },
  { method: 'GET', route: '/api/admin/promocodes', path: () => '/api/admin/promocodes', expect: [401, 403, 403, 200] },
  {
    method: 'POST',
    route: '/api/admin/promocodes',
    path: () => '/api/admin/promocodes',
    body: () => ({ code: `TABLE${(keys += 1)}`, amount: '50', wallet_type: 'BONUS_BALANCE', max_uses: 3 }),
    expect: [401, 403, 403, 201],
  },
  { method: 'GET', route: '/api/admin/users', path: () => '/api/admin/users?search=u', expect: [401, 403, 403, 200] },
  {
    method: 'PATCH',
    route: '/api/admin/promocodes/{id}',
    path: () => '/api/admin/promocodes/987654',
    body: () => ({ is_active: false }),
    expect: [401, 403, 403, 404],
  },
  {
    method: 'GET',
    route: '/api/admin/promocodes/{id}/uses',
    path: () => '/api/admin/promocodes/987654/uses',
    expect: [401, 403, 403, 404],
  },
  { method: 'GET', route: '/api/v1/admin/tournament/info', path: () => '/api/v1/admin/tournament/info', expect: [401, 403, 403, 200] },
  // The permission is checked before the tournament is looked for: the admin learns it does not exist.
  {
    method: 'GET',
    route: '/api/v1/admin/tournament/{id}/place/info',
    path: () => '/api/v1/admin/tournament/999999/place/info',
    expect: [401, 403, 403, 404],
  },
];

/** An agent outside the caller's downline: its figures and children are refused to the agent. */
const outsideCalls: Call[] = [
  {
    method: 'GET',
    route: '/api/admin/info/admin/agent/{id}',
    path: () => `/api/admin/info/admin/agent/${otherAgent.id}`,
    expect: [401, 403, 403, 200],
  },
  {
    method: 'GET',
    route: '/api/admin/info/admin/agent/children/{id}',
    path: () => `/api/admin/info/admin/agent/children/${otherAgent.id}`,
    expect: [401, 403, 403, 200],
  },
];

beforeAll(async () => {
  server = await startTestServer();
  png = await picture(64, 32);
  admin = await placeUser(server, { roles: ['player', 'admin'] });
  agent = await placeUser(server, { roles: ['player', 'agent'], commissionBps: 2000 });
  otherAgent = await placeUser(server, { roles: ['player', 'agent'], commissionBps: 2000 });
  player = await placeUser(server, { parentId: agent.id, country: 'KZ' });
  banTarget = await placeUser(server);
  for (let i = 0; i < 2; i++) {
    const res = await request<{ id: number }>(`${server.url}/api/banner`, {
      token: admin.token,
      raw: form({ name: `seed ${i}`, ...window }, { data: png }),
    });
    bannerIds.push(res.body.id);
  }
});
afterAll(async () => {
  await server.close();
});

async function send(call: Call, who: Who): Promise<number> {
  const token = who === 'stranger' ? undefined : { player, agent, admin }[who].token;
  const init = {
    method: call.method,
    ...(token ? { token } : {}),
    ...(call.body ? { body: call.body() } : {}),
    ...(call.form ? { raw: await call.form() } : {}),
  };
  const res = await request<{ id?: number }>(`${server.url}${call.path()}`, init);
  if (who === 'admin' && call.method === 'POST' && call.route === '/api/banner' && res.body.id) bannerIds.push(res.body.id);
  return res.status;
}

describe('role x call', () => {
  it('the table covers every admin call of the route table', () => {
    const doc = server.app.swagger() as { paths?: Record<string, Record<string, { tags?: string[] }>> };
    const routes = Object.entries(doc.paths ?? {}).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([, op]) => path.startsWith('/api/admin/') || op.tags?.includes('admin'))
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    expect(calls.map((c) => `${c.method} ${c.route}`)).toEqual(expect.arrayContaining(routes));
  });

  it.each([...calls, ...outsideCalls].map((call) => [`${call.method} ${call.path.toString().replace(/^\(\) => /, '')}`, call] as const))(
    '%s answers stranger/player/agent/admin as listed',
    async (_name, call) => {
      const seen: number[] = [];
      // The refused callers go first: what they try must change nothing the admin then sees.
      for (const who of ['stranger', 'player', 'agent', 'admin'] as const) seen.push(await send(call, who));
      expect(seen).toEqual(call.expect);
    },
  );

  it('refused writes changed nothing: only the admin’s writes are in the audit log', async () => {
    const res = await request<{ items: { actor: { id: number }; action: string }[] }>(`${server.url}/api/admin/audit?limit=100`, {
      token: admin.token,
    });
    expect(new Set(res.body.items.map((i) => i.actor.id))).toEqual(new Set([admin.id]));
    expect(res.body.items.filter((i) => i.action === 'user.adjust')).toHaveLength(1);
    const detail = await request<{ wallets: { wallet_type: string; balance: string }[] }>(`${server.url}/api/admin/users/${player.id}`, {
      token: admin.token,
    });
    expect(detail.body.wallets).toContainEqual({ wallet_type: 'BALANCE', balance: '100' });
  });
});

describe('GET /api/permission/me', () => {
  it.each([
    ['player', ['game.play', 'profile.edit'], 'admin.access'],
    ['agent', ['agent.tree.read'], 'admin.access'],
    ['admin', ['admin.access', 'admin.users.adjust', 'admin.banners.manage', 'admin.audit.read'], 'agent.tree.read'],
  ] as const)('%s gets its roles and permissions', async (who, has, hasNot) => {
    const res = await request<{ roles: string[]; permissions: string[] }>(`${server.url}/api/permission/me`, {
      token: { player, agent, admin }[who].token,
    });
    expect(res.body.roles).toContain(who);
    expect(res.body.permissions).toEqual(expect.arrayContaining([...has]));
    expect(res.body.permissions).not.toContain(hasNot);
  });
});
