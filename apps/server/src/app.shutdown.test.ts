import { connect } from 'node:net';
import { describe, expect, it, vi } from 'vitest';
import { startTestServer } from './test-support/server.js';

/** Whether a TCP connection to the server's port is accepted (a raw socket: no pooled HTTP connection). */
function acceptsConnections(url: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(Number(new URL(url).port), '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

describe('graceful shutdown', () => {
  it('finishes a request in flight, then refuses new connections', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    let arrived: () => void = () => {};
    const hasArrived = new Promise<void>((resolve) => (arrived = resolve));
    const server = await startTestServer(
      {},
      {
        beforeListen: (app) => {
          app.get('/slow-for-test', async () => {
            arrived();
            await gate;
            return { done: true };
          });
        },
      },
    );
    const inFlight = fetch(`${server.url}/slow-for-test`);
    await hasArrived;
    let isClosed = false;
    const closing = server.close().then(() => (isClosed = true));
    // The close has run its hooks and shut the listener: all it can still wait for is the request.
    await vi.waitFor(async () => expect(await acceptsConnections(server.url)).toBe(false), { timeout: 30_000 });
    expect(isClosed).toBe(false);
    release();
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ done: true });
    await closing;
    await expect(fetch(`${server.url}/healthz`)).rejects.toThrow();
  });
});
