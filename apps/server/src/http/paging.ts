import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Result } from '../shared/result.js';
import { sendFailure } from './errors.js';

/** `links.next/previous` of a page (DESIGN.md §9): the same URL with the page moved by one, or null. */
export function pageLinks(request: FastifyRequest, page: number, hasNext: boolean): { next: string | null; previous: string | null } {
  const url = new URL(request.url, 'http://host');
  const at = (p: number) => {
    url.searchParams.set('page', String(p));
    return `${url.pathname}?${url.searchParams.toString()}`;
  };
  return { next: hasNext ? at(page + 1) : null, previous: page > 1 ? at(page - 1) : null };
}

/** A service's answer as HTTP: the value with its status, or the failure with its code's status. */
export function answer<T>(reply: FastifyReply, result: Result<T>, status = 200) {
  if (!result.ok) return sendFailure(reply, result.error);
  return reply.code(status).send(result.value);
}
