/** A tiny JSON client for tests: status + parsed body, bearer token optional. */
type Body = NonNullable<Parameters<typeof fetch>[1]>['body'];

export interface JsonResponse<T = unknown> {
  readonly status: number;
  readonly body: T;
  readonly headers: Headers;
}

export async function request<T = Record<string, unknown>>(
  url: string,
  init: { method?: string; body?: unknown; token?: string; headers?: Record<string, string>; raw?: Body } = {},
): Promise<JsonResponse<T>> {
  const headers: Record<string, string> = { ...init.headers };
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  let body: Body | undefined = init.raw;
  if (init.body !== undefined) {
    headers['content-type'] ??= 'application/json';
    body = JSON.stringify(init.body);
  }
  const response = await fetch(url, { method: init.method ?? (body ? 'POST' : 'GET'), headers, body });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // not JSON (metrics, html): keep the text
  }
  return { status: response.status, body: parsed as T, headers: response.headers };
}

/** Registers a user and returns its tokens. */
export async function registerUser(baseUrl: string, username: string, password = 'password-123', extra: Record<string, unknown> = {}) {
  const response = await request<{ access_token: string; refresh_token: string }>(`${baseUrl}/api/user/registration`, {
    body: { username, password, ...extra },
  });
  if (response.status !== 201) throw new Error(`registration failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}
