import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTokenService } from '../accounts/tokens.js';
import { insertUser } from '../accounts/users.js';
import { createRoom, seatAndReady, type TestPlayer } from '../rooms/test-support.js';
import { startRoomsServer, type RoomsServer } from '../test-support/rooms-server.js';
import { request } from '../test-support/http.js';
import { transfer } from '../wallets/ledger.js';
import { agentFigures } from './agents.js';

let server: RoomsServer;
let agentId: number;
const players: TestPlayer[] = [];
beforeAll(async () => {
  server = await startRoomsServer();
  const tokens = createTokenService(server.config.jwtSecret!, 900);
  agentId = await server.store.withTransaction(
    async (tx) => (await insertUser(tx, { username: 'rollup_agent', roles: ['player', 'agent'] }))!,
  );
  await server.store.db.execute(`update users set commission_bps = 2000 where id = ${agentId}`);
  for (const name of ['rollup_a', 'rollup_b']) {
    const id = await server.store.withTransaction(async (tx) => {
      const created = (await insertUser(tx, { username: name, parentId: agentId }))!;
      await transfer(tx, {
        from: { system: 'issuance', walletType: 'BALANCE' },
        to: { userId: created, walletType: 'BALANCE' },
        amount: 5000n,
        kind: 'test_funding',
        idempotencyKey: `fund:${created}`,
      });
      return created;
    });
    players.push({ id, username: name, token: await tokens.signAccessToken(id, ['player']) });
  }
});
afterAll(async () => {
  await server.close();
});

describe('rollups written by the settling game', () => {
  it('a finished BALANCE game adds its rake and the agent’s commission, and marks the players active', async () => {
    const roomId = await createRoom(server.url, players[0]!, { balance_type: 'BALANCE', bet_amount: '1000' });
    await seatAndReady(server.url, roomId, players);
    const gaveUp = await request(`${server.url}/api/v1/rooms/${roomId}/surrender`, { token: players[1]!.token, method: 'POST' });
    expect(gaveUp.status).toBe(200);
    // 5% of the 1000 won is 50 rake, 25 per player; the agent earns 20% of both parts.
    expect(await agentFigures(server.store.db, agentId, new Date())).toMatchObject({
      rake: '50',
      commission: '10',
      players: 2,
      active_players_30d: 2,
    });
  });
});
