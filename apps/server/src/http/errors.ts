import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { httpStatusOf, type Failure, type KnownErrorCode } from '@durak/protocol';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../store/db-faults.js';
import { findTextFault, textFault } from '../store/nul-characters.js';
import { tooDeepCode } from './json-body.js';

/** Sends an expected failure as `{ error: { code, message, details? } }` with the code's status. */
export function sendFailure(reply: FastifyReply, failure: Failure): FastifyReply {
  const body = { error: { code: failure.code, message: failure.message, ...(failure.details ? { details: failure.details } : {}) } };
  return reply.code(httpStatusOf(failure.code)).send(body);
}

const fastifyCodes: Record<string, Failure['code']> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'request/body_too_large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'request/unsupported_media_type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'request/invalid',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'request/invalid',
  FST_ERR_CTP_INVALID_JSON_BODY: 'request/invalid',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'request/unsupported_media_type',
  FST_REQ_FILE_TOO_LARGE: 'request/body_too_large',
  FST_FILES_LIMIT: 'request/body_too_large',
  FST_PARTS_LIMIT: 'request/body_too_large',
  FST_FIELDS_LIMIT: 'request/body_too_large',
  FST_PROTO_VIOLATION: 'request/invalid',
  FST_MP_PREMATURE_CLOSE: 'request/invalid',
};

/**
 * One error shape for everything the routes did not answer themselves: schema validation (400
 * naming the field), bodies the API does not speak (415), malformed or oversize bodies, rate
 * limits, unknown paths. Anything else is a bug: logged, and answered 500 without internals.
 */
export function installErrorHandling(app: FastifyInstance): void {
  // The multipart plugin accepts multipart/form-data on every route and leaves the body null, so a
  // JSON call would answer "body: expected object". Only routes that declare it take multipart
  // (docs/decisions.md); checked after sign-in (onRequest), like any other unsupported content type.
  app.addHook('preValidation', async (request, reply) => {
    if (!/^multipart\/form-data\b/i.test(request.headers['content-type'] ?? '')) return;
    if (request.routeOptions.schema?.consumes?.includes('multipart/form-data')) return;
    await sendFailure(reply, { code: 'request/unsupported_media_type', message: 'This call takes a JSON body, not multipart/form-data' });
    return reply;
  });
  // One guard for every route rather than a check per field: a NUL character or a lone surrogate
  // in any string of the path, the query or the body (or in a key), or in the audit reason header,
  // is refused before the route reads it (FEATURES.md §8, §17).
  app.addHook('preValidation', async (request, reply) => {
    for (const [where, value] of [
      ['params', request.params],
      ['querystring', request.query],
      ['body', request.body],
    ] as const) {
      const found = findTextFault(value);
      if (found === undefined) continue;
      await sendTextFault(reply, found.path === '' ? where : found.path, where, found.message);
      return reply;
    }
    const reason = auditReasonFault(request.headers['x-audit-reason']);
    if (reason !== undefined) {
      await sendTextFault(reply, 'X-Audit-Reason', 'header', reason);
      return reply;
    }
  });
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const where = error.validationContext ?? 'body';
      const issues = error.validation.map((v) => ({
        field: v.instancePath.replace(/^\//, '').replaceAll('/', '.') || where,
        message: v.message ?? 'is invalid',
      }));
      const first = issues[0];
      return sendFailure(reply, {
        code: 'request/invalid',
        message: first ? `${first.field}: ${first.message}` : 'Invalid request',
        details: { field: first?.field ?? where, in: where, issues },
      });
    }
    if (error.code === tooDeepCode)
      return sendFailure(reply, { code: 'request/too_deep', message: error.message, details: { field: 'body', in: 'body' } });
    const mapped = error.code ? fastifyCodes[error.code] : undefined;
    if (mapped) return sendFailure(reply, { code: mapped, message: error.message });
    if (error.statusCode === 429) return sendFailure(reply, { code: 'request/rate_limited', message: 'Too many requests, slow down' });
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return sendFailure(reply, { code: 'request/invalid', message: error.message });
    }
    // The database went away under this request (its transaction went with the connection): the
    // caller may retry, and the pool reconnects on its own, so this is an outage to see, not a bug.
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return sendFailure(reply, { code: 'server/unavailable', message: 'The service is briefly unavailable, try again' });
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendFailure(reply, { code: 'internal/error', message: 'Something went wrong on our side' });
  });
}

function sendTextFault(reply: FastifyReply, field: string, where: string, message: string): FastifyReply {
  return sendFailure(reply, {
    code: 'request/invalid',
    message: `${field}: ${message}`,
    details: { field, in: where, issues: [{ field, message }] },
  });
}

/**
 * What is wrong with the `X-Audit-Reason` header (URI-encoded, admin-guard.ts), once decoded:
 * a percent escape that does not decode, a NUL (`%00`) or a lone surrogate.
 */
function auditReasonFault(header: string | string[] | undefined): string | undefined {
  const raw = Array.isArray(header) ? header[0] : header;
  if (raw === undefined || raw === '') return undefined;
  let text: string;
  try {
    text = decodeURIComponent(raw);
  } catch {
    return 'is not valid URI-encoded UTF-8 text';
  }
  return textFault(text);
}

/**
 * Fastify answers a few requests before any route or hook sees them (a URL whose percent escapes
 * do not decode, a constraint that fails): this option of the Fastify constructor gives those our
 * shape too.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const code =
    error.code === 'FST_ERR_BAD_URL'
      ? 'request/invalid'
      : error.statusCode && error.statusCode < 500
        ? 'request/invalid'
        : 'internal/error';
  const message = error.code === 'FST_ERR_BAD_URL' ? 'The URL is malformed (a percent escape does not decode)' : error.message;
  void sendFailure(reply, { code, message });
}

/**
 * Node's HTTP parser refuses some requests before Fastify sees them (headers over 16 KB, broken
 * chunked framing, a request that never finishes): this Fastify `clientErrorHandler` writes the
 * raw response in our error shape, where the default wrote Fastify's own.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Duplex): void {
  // A reset connection has nobody to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [code, message]: [KnownErrorCode, string] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? ['request/header_too_large', 'The request headers are over 16 KB']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? ['request/timeout', 'The request did not arrive in time']
        : ['request/invalid', 'The request is not well-formed HTTP (its framing or headers are broken)'];
  const status = httpStatusOf(code);
  const body = JSON.stringify({ error: { code, message } });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  // The parser cannot find the next request's start after a framing error: the connection ends.
  socket.destroy();
}

export function notFound(reply: FastifyReply, path: string): FastifyReply {
  return sendFailure(reply, { code: 'request/not_found', message: `No route ${path}` });
}
