import {
  type Failure,
  avatarUploaded,
  changeUsernameAnswer,
  changeUsernameRequest,
  changePasswordRequest,
  errorBody,
  logoutRequest,
  loginRequest,
  me,
  refreshRequest,
  registrationRequest,
  telegramAuthRequest,
  tokenPair,
} from '@durak/protocol';
import type {} from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { maxAvatarBytes } from '../avatars/avatars-service.js';
import type { RouteContext } from './route-context.js';
import { mapResult, ok, type Result } from '../shared/result.js';
import { authenticate, callerOf } from './auth-hooks.js';
import { sendFailure } from './errors.js';
import { answer } from './paging.js';

const errors = { '4xx': errorBody, '5xx': errorBody };

/** Accounts and sessions: /api/user/*, /api/avatars/upload-image/. */
export function registerUserRoutes(root: FastifyInstance, { services }: RouteContext): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { accounts } = services;
  const signedIn = authenticate(services.tokens);
  // Sign-in calls are the ones worth guessing at: limited per address (0 turns it off).
  // (When AUTH_RATE_LIMIT is 0 the rate-limit plugin is not registered and this config is inert.)
  const limited = { rateLimit: { max: Math.max(1, services.config.authRateLimit), timeWindow: '1 minute' } };
  const tags = ['user'];

  app.post(
    '/api/user/registration',
    { config: limited, schema: { tags, body: registrationRequest, response: { 201: tokenPair, ...errors } } },
    async (request, reply) => {
      return answer(reply, await accounts.register(request.body, { address: request.ip }), 201);
    },
  );

  app.post(
    '/api/user/login',
    { config: limited, schema: { tags, body: loginRequest, response: { 200: tokenPair, ...errors } } },
    async (request, reply) => {
      const client = { deviceId: request.body.device_id, address: request.ip };
      return answer(reply, await accounts.login(request.body.username, request.body.password, client));
    },
  );

  app.post(
    '/api/user/refresh',
    { config: limited, schema: { tags, body: refreshRequest, response: { 200: tokenPair, ...errors } } },
    async (request, reply) => {
      return answer(reply, await accounts.refresh(request.body.refresh_token));
    },
  );

  app.post(
    '/api/user/logout',
    { schema: { tags, body: logoutRequest, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await accounts.logout(request.body.refresh_token);
      return reply.code(204).send(null);
    },
  );

  // Every session of the caller ends (FEATURES.md §8): this device included; it signs in again.
  app.post(
    '/api/auth/sign-out-everywhere',
    { onRequest: signedIn, schema: { tags, security: [{ bearer: [] }], response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await accounts.signOutEverywhere(callerOf(request).id);
      return reply.code(204).send(null);
    },
  );

  app.put(
    '/api/user/password',
    {
      config: limited,
      onRequest: signedIn,
      schema: { tags, security: [{ bearer: [] }], body: changePasswordRequest, response: { 200: tokenPair, ...errors } },
    },
    async (request, reply) => {
      return answer(reply, await accounts.changePassword(callerOf(request).id, request.body.current_password, request.body.new_password));
    },
  );

  app.post(
    '/api/user/telegram/auth',
    { config: limited, schema: { tags, body: telegramAuthRequest, response: { 200: tokenPair, ...errors } } },
    async (request, reply) => {
      return answer(
        reply,
        await accounts.telegramSignIn(request.body.init_data, { deviceId: request.body.device_id, address: request.ip }),
      );
    },
  );

  app.get(
    '/api/user/users/me',
    { onRequest: signedIn, schema: { tags, security: [{ bearer: [] }], response: { 200: me, ...errors } } },
    async (request, reply) => {
      return answer(reply, await accounts.profile(callerOf(request).id));
    },
  );

  app.put(
    '/api/user/username',
    {
      onRequest: signedIn,
      schema: { tags, security: [{ bearer: [] }], body: changeUsernameRequest, response: { 200: changeUsernameAnswer, ...errors } },
    },
    async (request, reply) => {
      return answer(reply, await accounts.changeUsername(callerOf(request).id, request.body.username));
    },
  );

  app.post(
    '/api/avatars/upload-image/',
    {
      onRequest: signedIn,
      schema: { tags, security: [{ bearer: [] }], consumes: ['multipart/form-data'], response: { 200: avatarUploaded, ...errors } },
    },
    async (request, reply) => {
      const file = await readAvatarFile(request);
      if (!file.ok) return sendFailure(reply, file.error);
      const uploaded = await services.avatars.upload(callerOf(request).id, file.value);
      return answer(
        reply,
        mapResult(uploaded, ({ avatarUrl }) => ({ avatar_url: avatarUrl })),
      );
    },
  );
}

const avatarTooLarge: Failure = {
  code: 'avatar/too_large',
  message: 'file: at most 5 MB',
  details: { field: 'file', max_bytes: maxAvatarBytes },
};
const fileRequired: Failure = { code: 'request/invalid', message: 'file: an image file is required', details: { field: 'file' } };

// Busboy's parse errors (a body cut off by a dropped mobile connection, a missing boundary,
// garbage) carry no code: they are the client's doing, so they answer 400 naming the field and are
// logged at info, not as bugs. Fastify's coded errors (limits, not multipart) go on to the error
// handler's table.
async function readAvatarFile(request: FastifyRequest): Promise<Result<Buffer>> {
  try {
    const file = await request.file({ limits: { fileSize: maxAvatarBytes, files: 1 } });
    if (!file || file.fieldname !== 'file') return { ok: false, error: fileRequired };
    const data = await file.toBuffer();
    // The stream's own flag as well as the thrown error: on a loaded machine the limit can be hit
    // after toBuffer has read its last chunk, and the cut-off file then came back as if whole.
    return file.file.truncated ? { ok: false, error: avatarTooLarge } : ok(data);
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') return { ok: false, error: avatarTooLarge };
    if (code !== undefined || !(error instanceof Error)) throw error;
    request.log.info({ err: error }, 'client error: malformed multipart body');
    return {
      ok: false,
      error: { code: 'request/invalid', message: `file: the multipart body is malformed (${error.message})`, details: { field: 'file' } },
    };
  }
}
