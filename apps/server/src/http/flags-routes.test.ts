import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { request } from '../test-support/http.js';
import { startTestServer, type TestServer } from '../test-support/server.js';

// SPEC §9 / FEATURES.md §10: two feature flags from configuration, one on and one off.
describe('FEATURE_FLAGS', () => {
  it('ships the table chat on and a voice channel off', () => {
    const loaded = loadConfig({}, () => {});
    expect(loaded.ok && loaded.config.featureFlags).toEqual({ table_chat: true, voice_chat: false });
  });
  it('reads name=on|off pairs', () => {
    const loaded = loadConfig({ FEATURE_FLAGS: 'table_chat=off, voice_chat=on' }, () => {});
    expect(loaded.ok && loaded.config.featureFlags).toEqual({ table_chat: false, voice_chat: true });
  });
  it.each(['table_chat', 'table_chat=maybe', 'Table=on', '=on'])('refuses %j, naming the variable', (value) => {
    const loaded = loadConfig({ FEATURE_FLAGS: value }, () => {});
    expect(loaded.ok).toBe(false);
    expect(!loaded.ok && loaded.message).toContain('FEATURE_FLAGS');
  });
});

describe('GET /api/flags', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ featureFlags: { table_chat: true, voice_chat: false } });
  });
  afterAll(async () => server?.close());

  it('answers {flags: {name: boolean}} without a session', async () => {
    const answer = await request<{ flags: Record<string, boolean> }>(`${server.url}/api/flags`);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ flags: { table_chat: true, voice_chat: false, payments_sandbox: true } });
  });
});
