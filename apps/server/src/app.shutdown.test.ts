import { describe, expect, it } from 'vitest';
import { startTestServer } from './test-support/server.js';

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
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(isClosed).toBe(false); // still waiting for the request in flight
    release();
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ done: true });
    await closing;
    await expect(fetch(`${server.url}/healthz`)).rejects.toThrow();
  });
});
