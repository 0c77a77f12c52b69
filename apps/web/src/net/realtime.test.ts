// @vitest-environment node
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';

// The session lives in cookies in the browser; here the two calls the realtime client makes are faked.
const session = vi.hoisted(() => ({ token: 'A1', renewals: 0 }));
vi.mock('./session', () => ({ accessToken: () => session.token }));
vi.mock('./http', () => ({
  renewSession: async () => {
    session.renewals += 1;
    session.token = `A${session.renewals + 1}`;
    return session.token;
  },
}));

const { connectRealtime, disconnectRealtime, REALTIME_OPTIONS, subscribe, useRealtimeStore } = await import('./realtime');

type Command = { id?: number; connect?: { token?: string }; subscribe?: { channel: string } };

/** A minimal Centrifuge-protocol peer: answers connect, refusing tokens it calls expired. */
async function fakeGateway(expired: Set<string>, publications: Record<string, unknown[]> = {}) {
  const server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await once(server, 'listening');
  const tokens: string[] = [];
  server.on('connection', (socket) => {
    socket.on('message', (raw) => {
      for (const line of raw.toString().split('\n').filter(Boolean)) {
        const command = JSON.parse(line) as Command;
        if (command.subscribe) {
          // Subscribed, then the channel's publications pushed in order.
          const { channel } = command.subscribe;
          socket.send(JSON.stringify({ id: command.id, subscribe: {} }));
          for (const data of publications[channel] ?? []) socket.send(JSON.stringify({ push: { channel, pub: { data } } }));
          continue;
        }
        if (!command.connect) continue;
        const token = command.connect.token ?? '';
        tokens.push(token);
        const reply = expired.has(token)
          ? { id: command.id, error: { code: 109, message: 'token expired' } }
          : { id: command.id, connect: { client: 'c1', version: '0.0.0', ping: 25, pong: true } };
        socket.send(JSON.stringify(reply));
      }
    });
  });
  const { port } = server.address() as AddressInfo;
  return { server, tokens, endpoint: `ws://127.0.0.1:${port}/connection/websocket` };
}

let closeServer: (() => void) | null = null;
afterEach(() => {
  disconnectRealtime();
  closeServer?.();
  session.token = 'A1';
  session.renewals = 0;
});

describe('realtime client', () => {
  it('uses the spec defaults', () => {
    expect(REALTIME_OPTIONS).toEqual({ timeout: 5000, minReconnectDelay: 500, maxReconnectDelay: 20000, maxServerPingDelay: 10000 });
  });

  it('connects with the access token and reports the state', async () => {
    const gateway = await fakeGateway(new Set());
    closeServer = () => gateway.server.close();
    expect(useRealtimeStore.getState().state).toBe('disconnected');
    await connectRealtime({ endpoint: gateway.endpoint, websocket: WebSocket });
    await vi.waitFor(() => expect(useRealtimeStore.getState().state).toBe('connected'));
    expect(gateway.tokens).toEqual(['A1']);
  });

  it('gets a fresh token through the session when the gateway says the token expired', async () => {
    const gateway = await fakeGateway(new Set(['A1']));
    closeServer = () => gateway.server.close();
    await connectRealtime({ endpoint: gateway.endpoint, websocket: WebSocket });
    await vi.waitFor(() => expect(useRealtimeStore.getState().state).toBe('connected'), { timeout: 5000 });
    expect(gateway.tokens).toEqual(['A1', 'A2']);
    expect(session.renewals).toBe(1);
  });

  it('marks a dropped connection so the "reconnecting" notice shows, and clears it once back', async () => {
    const gateway = await fakeGateway(new Set());
    closeServer = () => gateway.server.close();
    await connectRealtime({ endpoint: gateway.endpoint, websocket: WebSocket });
    await vi.waitFor(() => expect(useRealtimeStore.getState().state).toBe('connected'));
    for (const socket of gateway.server.clients) socket.terminate();
    await vi.waitFor(() => expect(useRealtimeStore.getState()).toMatchObject({ state: 'connecting', hasDropped: true }));
    await vi.waitFor(() => expect(useRealtimeStore.getState()).toMatchObject({ state: 'connected', hasDropped: false }), { timeout: 5000 });
  });

  it('passes on only the publications of the channel’s declared shape; a stray one is logged, not thrown', async () => {
    const gateway = await fakeGateway(new Set(), {
      lobby: [{ type: 'fireworks' }, { type: 'room_removed' }, 'not even an object', { type: 'room_removed', room_id: 7 }],
    });
    closeServer = () => gateway.server.close();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const heard: unknown[] = [];
    await connectRealtime({ endpoint: gateway.endpoint, websocket: WebSocket });
    const off = subscribe('lobby', (message) => heard.push(message));
    await vi.waitFor(() => expect(heard).toEqual([{ type: 'room_removed', room_id: 7 }]));
    expect(warn).toHaveBeenCalledTimes(3);
    off();
    warn.mockRestore();
  });
});
