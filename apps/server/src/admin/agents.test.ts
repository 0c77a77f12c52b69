import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from '../test-support/http.js';
import { startTestServer, type TestServer } from '../test-support/server.js';
import { recordDepositForAgents, recordGameForAgents, rakeShares, splitCommission } from './agent-rollups.js';
import { wholeChipsOfUnits } from './agents.js';
import { placeUser, type TestUser } from './test-support.js';

describe('commission arithmetic', () => {
  it('each level keeps the difference between its rate and the highest rate below it', () => {
    const shares = splitCommission(100n, [
      { agentId: 3, bps: 1000 },
      { agentId: 2, bps: 2000 },
      { agentId: 1, bps: 3000 },
    ]);
    expect([...shares]).toEqual([
      [3, { rake: 100n, units: 100_000n }],
      [2, { rake: 100n, units: 100_000n }],
      [1, { rake: 100n, units: 100_000n }],
    ]);
  });

  it('a parent with a lower rate than its sub-agent earns nothing on that branch, and the chain never exceeds the top rate', () => {
    const shares = splitCommission(100n, [
      { agentId: 3, bps: 2500 },
      { agentId: 2, bps: 1000 },
      { agentId: 1, bps: 3000 },
    ]);
    expect([...shares.values()].map((s) => s.units)).toEqual([250_000n, 0n, 50_000n]);
  });

  it('splits a game’s rake equally, the leftover chips to the first seats', () => {
    expect([...rakeShares([7, 8, 9], 11n).values()]).toEqual([4n, 4n, 3n]);
  });

  it('shows commission in whole chips, the fraction carried in the units until it makes a chip', () => {
    // A 50-chip rake at 5% is 2.5 chips: 2 are shown, the half waits for the next game.
    expect([
      wholeChipsOfUnits(0n),
      wholeChipsOfUnits(50n * 500n),
      wholeChipsOfUnits(251_000n),
      wholeChipsOfUnits(1_234_567n),
      wholeChipsOfUnits(10_000n),
    ]).toEqual(['0', '2', '25', '123', '1']);
  });
});

describe('agent figures over a three-level tree', () => {
  let server: TestServer;
  let admin: TestUser;
  let top: TestUser;
  let middle: TestUser;
  let bottom: TestUser;
  let outsider: TestUser;
  const players: Record<string, TestUser> = {};
  const clock = new Date('2026-06-01T12:00:00Z');

  beforeAll(async () => {
    server = await startTestServer({}, { now: () => clock });
    admin = await placeUser(server, { roles: ['player', 'admin'] });
    top = await placeUser(server, { roles: ['player', 'agent'], commissionBps: 3000, name: 'top_agent' });
    middle = await placeUser(server, { roles: ['player', 'agent'], commissionBps: 2000, parentId: top.id, name: 'middle_agent' });
    bottom = await placeUser(server, { roles: ['player', 'agent'], commissionBps: 1000, parentId: middle.id, name: 'bottom_agent' });
    outsider = await placeUser(server, { roles: ['player', 'agent'], commissionBps: 1000, name: 'outsider' });
    players.p = await placeUser(server, { parentId: bottom.id });
    players.q = await placeUser(server, { parentId: middle.id });
    players.r = await placeUser(server, { parentId: top.id });
    players.x = await placeUser(server);
    const seats = [players.p, players.q, players.r, players.x].map((u) => u!.id);
    await server.services.store.withTransaction(async (tx) => {
      // 1001 chips of rake over four players: 251 (p), 250, 250, 250.
      await recordGameForAgents(tx, { players: seats, rake: 1001n, walletType: 'BALANCE', at: clock });
      // Bonus chips are no revenue: marks the players active, earns nobody anything.
      await recordGameForAgents(tx, { players: seats, rake: 5000n, walletType: 'BONUS_BALANCE', at: clock });
      await recordDepositForAgents(tx, { userId: players.p!.id, amount: 700n, at: clock });
    });
  });
  afterAll(async () => {
    await server.close();
  });

  const figures = (who: TestUser, id: number) =>
    request<Record<string, unknown>>(`${server.url}/api/admin/info/admin/agent/${id}`, { token: who.token });

  it('every level earns its difference on its downline’s rake', async () => {
    const [t, m, b] = await Promise.all([figures(admin, top.id), figures(admin, middle.id), figures(admin, bottom.id)]);
    // p (251): bottom 10%, middle 20-10, top 30-20 -> 25.1 each. q (250): middle 20% = 50, top 10% = 25. r (250): top 30% = 75.
    expect(b.body).toMatchObject({ rake: '251', commission: '25', players: 1, deposits: '700' });
    expect(m.body).toMatchObject({ rake: '501', commission: '75', players: 3, deposits: '700', children_count: 2 });
    expect(t.body).toMatchObject({ rake: '751', commission: '125', players: 5, deposits: '700', children_count: 2 });
    // Together the chain earns exactly the top rate on the rake of the top agent's downline (in units; the figures floor).
    expect(25.1 + 75.1 + 125.1).toBeCloseTo(751 * 0.3, 6);
  });

  it('counts players active in the last 30 days', async () => {
    const res = await figures(admin, top.id);
    expect(res.body).toMatchObject({ active_players_30d: 3, players: 5 });
  });

  it('an agent sees itself and its sub-agents, never above or beside it', async () => {
    const list = await request<{ items: { username: string }[] }>(`${server.url}/api/admin/info/admin/agent?sort=id`, {
      token: middle.token,
    });
    expect(list.body.items.map((a) => a.username)).toEqual(['middle_agent', 'bottom_agent']);
    expect((await figures(middle, bottom.id)).status).toBe(200);
    expect((await figures(middle, top.id)).status).toBe(403);
    expect((await figures(middle, outsider.id)).status).toBe(403);
    const children = await request(`${server.url}/api/admin/info/admin/agent/children/${top.id}`, { token: middle.token });
    expect(children.status).toBe(403);
  });

  it('an admin lists, searches and sorts all agents on the server', async () => {
    const all = await request<{ items: { username: string }[]; total: number }>(
      `${server.url}/api/admin/info/admin/agent?sort=username&order=desc`,
      { token: admin.token },
    );
    expect(all.body.items.map((a) => a.username)).toEqual(['top_agent', 'outsider', 'middle_agent', 'bottom_agent']);
    const found = await request<{ items: { username: string }[]; total: number }>(`${server.url}/api/admin/info/admin/agent?search=MID`, {
      token: admin.token,
    });
    expect([found.body.items.map((a) => a.username), found.body.total]).toEqual([['middle_agent'], 1]);
    const paged = await request<{ items: unknown[]; links: { next: string | null } }>(`${server.url}/api/admin/info/admin/agent?limit=3`, {
      token: admin.token,
    });
    expect(paged.body.items).toHaveLength(3);
    expect(paged.body.links.next).toBe('/api/admin/info/admin/agent?limit=3&page=2');
  });

  it('lists direct children, agents and players', async () => {
    const res = await request<{ items: { id: number; is_agent: boolean }[] }>(
      `${server.url}/api/admin/info/admin/agent/children/${middle.id}`,
      { token: admin.token },
    );
    expect(res.body.items.map((c) => [c.id, c.is_agent])).toEqual([
      [bottom.id, true],
      [players.q!.id, false],
    ]);
  });

  it.each([
    ['/api/admin/info/admin/agent?limit=0', 'limit'],
    ['/api/admin/info/admin/agent?sort=password', 'sort'],
    ['/api/admin/info/admin/agent?order=sideways', 'order'],
    ['/api/admin/info/admin/agent/abc', 'id'],
  ])('%s is 400 naming %s', async (path, field) => {
    const res = await request<{ error: { details: { field: string } } }>(`${server.url}${path}`, { token: admin.token });
    expect([res.status, res.body.error.details.field]).toEqual([400, field]);
  });

  it('a user who is not an agent has no figures (404)', async () => {
    const res = await request<{ error: { code: string } }>(`${server.url}/api/admin/info/admin/agent/${players.x!.id}`, {
      token: admin.token,
    });
    expect([res.status, res.body.error.code]).toEqual([404, 'agent/not_found']);
  });
});
