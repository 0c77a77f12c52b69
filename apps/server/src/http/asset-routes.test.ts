import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, request } from '../test-support/http.js';
import { startTestServer, type TestServer } from '../test-support/server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

describe('GET /api/assets/user-active-assets', () => {
  it('gives a user without cosmetics the default card back and felt under assets_dict entry 1', async () => {
    const { access_token } = await registerUser(server.url, 'plain_player');
    const answer = await request<{ assets_dict: Record<string, { type: string; url: string }[]> }>(
      `${server.url}/api/assets/user-active-assets`,
      { token: access_token },
    );
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      assets_dict: {
        '1': [
          { type: 'CARD_BACK', url: '/cards/back.svg' },
          { type: 'TABLE', url: '/cosmetics/felts/green.svg' },
        ],
      },
    });
  });

  it('needs a signed-in user', async () => {
    const answer = await request<{ error: { code: string } }>(`${server.url}/api/assets/user-active-assets`);
    expect(answer.status).toBe(401);
    expect(answer.body.error.code).toBe('auth/token_missing');
  });

  it('is described in the OpenAPI document', async () => {
    const doc = await request<{ paths: Record<string, { get?: { tags?: string[] } }> }>(`${server.url}/api/openapi.json`);
    expect(doc.body.paths['/api/assets/user-active-assets']?.get?.tags).toEqual(['assets']);
  });
});
