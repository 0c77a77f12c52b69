import type { BrowserContext } from 'playwright-core';

let counter = 0;
/** A username no other test uses. */
export function uniqueName(prefix = 'player'): string {
  counter += 1;
  return `${prefix}${Date.now().toString(36).slice(-5)}${counter}`;
}

export interface Tokens {
  access_token: string;
  refresh_token: string;
}

export async function registerByApi(baseUrl: string, username: string, password: string): Promise<Tokens> {
  const res = await fetch(`${baseUrl}/api/user/registration`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (res.status !== 201) throw new Error(`registration failed: ${res.status} ${await res.text()}`);
  return (await res.json()) as Tokens;
}

/** Puts a session into the browser the way the app itself stores it. */
export async function signInContext(
  context: BrowserContext,
  baseUrl: string,
  tokens: Tokens,
  authExp = Date.now() + 6 * 24 * 3600 * 1000,
): Promise<void> {
  const url = new URL(baseUrl);
  const cookie = (name: string, value: string) => ({ name, value, domain: url.hostname, path: '/', sameSite: 'Lax' as const });
  await context.addCookies([
    cookie('accessToken', tokens.access_token),
    cookie('refreshToken', tokens.refresh_token),
    cookie('authExp', String(authExp)),
  ]);
}

export async function cookieValue(context: BrowserContext, name: string): Promise<string | undefined> {
  return (await context.cookies()).find((c) => c.name === name)?.value;
}
