import type { ErrorCode } from '@durak/protocol';
import { AxiosError } from 'axios';

/** The client's own failures: no answer, an answer without a code, a bug before the request. */
export type ClientErrorCode = 'http/error' | 'network/unreachable' | 'client/error';
/** Every code a failure may carry: the server's (the protocol's one table) and the client's own. */
export type ApiErrorCode = ErrorCode | ClientErrorCode;

/** A server error as the forms show it: a stable code, a message and, when known, the field. */
export interface ApiFailure {
  status: number | null;
  code: ApiErrorCode;
  message: string;
  field?: string;
}

interface ErrorBody {
  error?: { code?: unknown; message?: unknown; details?: unknown };
}

// The server names the bad field either as details.field or as a list of zod issues with a path.
function fieldOf(details: unknown): string | undefined {
  if (!details || typeof details !== 'object') return undefined;
  if ('field' in details && typeof details.field === 'string') return details.field;
  const issues = Array.isArray(details) ? details : 'issues' in details && Array.isArray(details.issues) ? details.issues : [];
  for (const issue of issues as unknown[]) {
    if (issue && typeof issue === 'object' && 'field' in issue && typeof issue.field === 'string') return issue.field;
    if (issue && typeof issue === 'object' && 'path' in issue) {
      const path = issue.path;
      const first = Array.isArray(path) ? path[0] : path;
      if (typeof first === 'string') return first;
    }
  }
  return undefined;
}

export function toApiFailure(error: unknown): ApiFailure {
  if (error instanceof AxiosError) {
    const body = error.response?.data as ErrorBody | undefined;
    // The server answers only codes of the protocol's table (its failures are typed by it).
    const code: ApiErrorCode =
      typeof body?.error?.code === 'string' ? (body.error.code as ErrorCode) : error.response ? 'http/error' : 'network/unreachable';
    const message = typeof body?.error?.message === 'string' ? body.error.message : error.message;
    const field = fieldOf(body?.error?.details);
    return { status: error.response?.status ?? null, code, message, ...(field ? { field } : {}) };
  }
  return { status: null, code: 'client/error', message: error instanceof Error ? error.message : String(error) };
}
