import { MAX_JSON_DEPTH } from '@durak/protocol';
import type { FastifyInstance } from 'fastify';

/**
 * How deep `text` (JSON) nests, counted without parsing: one pass over the characters, brackets
 * inside strings ignored. Stops counting once past `limit`, so a 4,000-deep body costs one pass.
 */
export function jsonDepthExceeds(text: string, limit: number): boolean {
  let depth = 0;
  let isInString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (isInString) {
      if (c === 0x5c)
        i++; // a backslash escapes the next character, a quote included
      else if (c === 0x22) isInString = false;
    } else if (c === 0x22) isInString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > limit) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

/** The error the JSON parser raises for a body nested too deep; the error handler maps its code. */
export const tooDeepCode = 'DURAK_JSON_TOO_DEEP';

/**
 * Fastify's own JSON parser (prototype-poisoning checks, the empty-body error) behind a depth
 * check: a body nested deeper than `MAX_JSON_DEPTH` is refused before it is parsed, so no
 * validator, NUL check or service ever walks it (FEATURES.md §8: 4,000 levels used to be a 500).
 */
export function installJsonBodyParser(app: FastifyInstance, options: { readonly isEmptyAllowed?: boolean } = {}): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (options.isEmptyAllowed && text === '') return done(null, undefined);
    if (jsonDepthExceeds(text, MAX_JSON_DEPTH)) {
      const error = Object.assign(new Error(`body: JSON nests deeper than ${MAX_JSON_DEPTH} levels`), {
        code: tooDeepCode,
        statusCode: 400,
      });
      done(error, undefined);
      return;
    }
    parse(request, text, done);
  });
}
