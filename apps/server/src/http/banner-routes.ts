import {
  bannerFields,
  bannerList,
  bannerOrderRequest,
  bannerPatchFields,
  banner,
  errorBody,
  idParams,
  maxBannerImageBytes,
  type Failure,
} from '@durak/protocol';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bannerFiles } from '../banners/banner-image.js';
import { convertBannerImage } from '../banners/banner-image.js';
import type { BannerChange } from '../banners/banners.js';
import { mapResult } from '../shared/result.js';
import { actorOf, guard, security } from './admin-guard.js';
import type { RouteContext } from './route-context.js';
import { authenticate, callerOf } from './auth-hooks.js';
import { sendFailure } from './errors.js';
import { answer, pageLinks } from './paging.js';
import { invalid, parseWith, readForm } from './multipart-form.js';

const errors = { '4xx': errorBody, '5xx': errorBody };
const tags = ['admin'];
const tooLarge: Failure<'banner/too_large'> = {
  code: 'banner/too_large',
  message: 'image: at most 5 MB',
  details: { field: 'image', max_bytes: maxBannerImageBytes },
};

/** SPEC §7 banners: the players' list of active ones and the admins' management calls. */
export function registerBannerRoutes(root: FastifyInstance, { services, now }: RouteContext): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { banners } = services;
  const manage = guard(services.tokens, 'admin.banners.manage');
  const files = bannerFiles(services.config.uploadDir, services.config.publicUrl);

  app.get(
    '/api/banner',
    { onRequest: authenticate(services.tokens), schema: { tags: ['banner'], security, response: { 200: bannerList, ...errors } } },
    // On a break or self-excluded (FEATURES.md §13): no promotional banners.
    async (request) => ({
      items: (await services.responsible.isKeptFromPlay(callerOf(request).id)) ? [] : await banners.active(now()),
      links: pageLinks(request, 1, false),
    }),
  );

  app.get(
    '/api/admin/banner',
    { onRequest: manage, schema: { tags, security, response: { 200: bannerList, ...errors } } },
    async (request) => ({
      items: await banners.all(),
      links: pageLinks(request, 1, false),
    }),
  );

  app.get(
    '/api/banner/:id',
    { onRequest: manage, schema: { tags, security, params: idParams, response: { 200: banner, ...errors } } },
    async (request, reply) => {
      const found = await banners.find(request.params.id);
      if (!found)
        return sendFailure(reply, {
          code: 'banner/not_found',
          message: `No banner ${request.params.id}`,
          details: { id: request.params.id },
        });
      return found;
    },
  );

  app.post(
    '/api/banner',
    { onRequest: manage, schema: { tags, security, consumes: ['multipart/form-data'], response: { 201: banner, ...errors } } },
    async (request, reply) => {
      const form = await readForm(request, 'image', maxBannerImageBytes, tooLarge);
      if (!form.ok) return sendFailure(reply, form.error);
      const fields = parseWith(bannerFields.strict(), form.value.fields);
      if (!fields.ok) return sendFailure(reply, fields.error);
      if (!form.value.file) return sendFailure(reply, invalid('image', 'a JPEG, PNG or WebP picture is required'));
      const image = await convertBannerImage(form.value.file);
      if (!image.ok) return sendFailure(reply, image.error);
      const { start_date, end_date } = fields.value;
      if (new Date(start_date) >= new Date(end_date)) return sendFailure(reply, invalid('end_date', 'must be after start_date'));
      const imageUrl = await files.save(image.value);
      const created = await banners
        .create(
          actorOf(request),
          {
            name: fields.value.name,
            description: fields.value.description,
            captions: fields.value.captions,
            startDate: new Date(start_date),
            endDate: new Date(end_date),
            imageUrl,
            width: image.value.width,
            height: image.value.height,
          },
          now(),
        )
        .catch(async (error: unknown) => {
          await files.remove(imageUrl);
          throw error;
        });
      if (!created.ok) {
        await files.remove(imageUrl);
        return sendFailure(reply, created.error);
      }
      return answer(reply, created, 201);
    },
  );

  app.patch(
    '/api/banner/:id',
    {
      onRequest: manage,
      schema: { tags, security, params: idParams, consumes: ['multipart/form-data'], response: { 200: banner, ...errors } },
    },
    async (request, reply) => patchBanner(request, reply, request.params.id),
  );

  async function patchBanner(request: FastifyRequest, reply: FastifyReply, id: number) {
    const form = await readForm(request, 'image', maxBannerImageBytes, tooLarge);
    if (!form.ok) return sendFailure(reply, form.error);
    const fields = parseWith(bannerPatchFields.strict(), form.value.fields);
    if (!fields.ok) return sendFailure(reply, fields.error);
    const change: { -readonly [K in keyof BannerChange]: BannerChange[K] } = {};
    if (fields.value.name !== undefined) change.name = fields.value.name;
    if (fields.value.description !== undefined) change.description = fields.value.description;
    if (fields.value.captions !== undefined) change.captions = fields.value.captions;
    if (fields.value.start_date !== undefined) change.startDate = new Date(fields.value.start_date);
    if (fields.value.end_date !== undefined) change.endDate = new Date(fields.value.end_date);
    if (form.value.file) {
      const image = await convertBannerImage(form.value.file);
      if (!image.ok) return sendFailure(reply, image.error);
      // Checked before the new picture is written: a PATCH of a missing banner stores nothing.
      if (!(await banners.find(id))) return sendFailure(reply, { code: 'banner/not_found', message: `No banner ${id}`, details: { id } });
      change.imageUrl = await files.save(image.value);
      change.width = image.value.width;
      change.height = image.value.height;
    }
    if (Object.keys(change).length === 0)
      return sendFailure(reply, invalid('body', 'give at least one of name, description, captions, start_date, end_date, image'));
    const updated = await banners.update(actorOf(request), id, change, now());
    if (!updated.ok) {
      if (change.imageUrl) await files.remove(change.imageUrl);
      return sendFailure(reply, updated.error);
    }
    if (updated.value.replacedImage) await files.remove(updated.value.replacedImage);
    return updated.value.banner;
  }

  app.delete(
    '/api/banner/:id',
    { onRequest: manage, schema: { tags, security, params: idParams, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      const deleted = await banners.delete(actorOf(request), request.params.id, now());
      if (!deleted.ok) return sendFailure(reply, deleted.error);
      await files.remove(deleted.value.imageUrl);
      return reply.code(204).send(null);
    },
  );

  app.patch(
    '/api/banners/order/change',
    { onRequest: manage, schema: { tags, security, body: bannerOrderRequest, response: { 200: bannerList, ...errors } } },
    async (request, reply) => {
      const result = await banners.reorder(actorOf(request), request.body.ids, now());
      return answer(
        reply,
        mapResult(result, (items) => ({ items, links: pageLinks(request, 1, false) })),
      );
    },
  );
}
