import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import type { Tokens } from './accounts';
import { launchBrowser } from './browser';
import { startServer, type RunningServer } from './server';

interface Credentials {
  readonly username: string;
  readonly password: string;
}

/**
 * One test file's server, with `admin` as its admin and `env` on top, and a browser: started
 * before the file's tests and stopped after them (the tournament and arena pages' setup).
 */
export function adminServer(admin: Credentials, env: Record<string, string>) {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    server = await startServer({ ADMIN_USERNAME: admin.username, ADMIN_PASSWORD: admin.password, ...env });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the server starts in beforeAll');
    return value;
  };
  const node = {
    get baseUrl(): string {
      return started(server).baseUrl;
    },
    get browser(): Browser {
      return started(browser);
    },
    /** The API as a player or the admin calls it; an answer of 400 or above throws. */
    async call<T>(token: string, method: string, path: string, body?: unknown): Promise<T> {
      const res = await fetch(`${node.baseUrl}/api${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await res.text();
      if (res.status >= 400) throw new Error(`${method} ${path}: ${res.status} ${text}`);
      return (text ? JSON.parse(text) : null) as T;
    },
    /** The admin's tokens, signed in by the API. */
    async signInAdmin(): Promise<Tokens> {
      const res = await fetch(`${node.baseUrl}/api/user/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(admin),
      });
      return (await res.json()) as Tokens;
    },
  };
  return node;
}
