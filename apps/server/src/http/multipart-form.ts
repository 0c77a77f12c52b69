import type { Failure } from '@durak/protocol';
import type { FastifyRequest } from 'fastify';
import type {} from '@fastify/multipart';
import type { z } from 'zod';
import { ok, type Result } from '../shared/result.js';
import { findTextFault } from '../store/nul-characters.js';

export interface Form {
  readonly fields: Record<string, string>;
  /** The one file part, when sent. */
  readonly file?: Buffer;
}

/**
 * Reads a whole multipart form into memory: text fields, and at most one file named `fileField`
 * of at most `maxBytes` (beyond it: `tooLarge`). Nothing is stored; the caller validates and only
 * then writes. A malformed body is the client's doing: 400 naming the file field.
 */
export async function readForm(request: FastifyRequest, fileField: string, maxBytes: number, tooLarge: Failure): Promise<Result<Form>> {
  const fields: Record<string, string> = {};
  let file: Buffer | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: maxBytes, files: 1 } })) {
      if (part.type === 'file') {
        if (part.fieldname !== fileField) {
          await part.toBuffer().catch(() => undefined);
          return { ok: false, error: invalid(part.fieldname, `only one file, named ${fileField}, is accepted`) };
        }
        file = await part.toBuffer();
        // On a loaded machine the limit can be hit after toBuffer read its last chunk: no throw then.
        if (part.file.truncated) return { ok: false, error: tooLarge };
      } else {
        fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value);
      }
    }
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') return { ok: false, error: tooLarge };
    if (code !== undefined || !(error instanceof Error)) throw error;
    request.log.info({ err: error }, 'client error: malformed multipart body');
    return { ok: false, error: invalid(fileField, `the multipart body is malformed (${error.message})`) };
  }
  // The text guard of every JSON body (errors.ts) never sees a multipart body: the same rule here.
  const fault = findTextFault(fields);
  if (fault !== undefined) return { ok: false, error: invalid(fault.path, fault.message) };
  return ok(file ? { fields, file } : { fields });
}

export function invalid(field: string, message: string): Failure<'request/invalid'> {
  return { code: 'request/invalid', message: `${field}: ${message}`, details: { field, in: 'body' } };
}

/** Validates parsed input with a zod schema; the first issue names its field, like the schema validator's 400. */
export function parseWith<S extends z.ZodType>(schema: S, input: unknown): Result<z.infer<S>> {
  const parsed = schema.safeParse(input);
  if (parsed.success) {
    // A field holding JSON (banner captions) may decode to text the raw field did not show: an
    // escaped `\u0000` or a lone `\ud800`. Checked once more on what the schema made of it.
    const fault = findTextFault(parsed.data);
    if (fault !== undefined) return { ok: false, error: invalid(fault.path || 'body', fault.message) };
    return ok(parsed.data);
  }
  const issues = parsed.error.issues.map((i) => ({
    field: i.path.join('.') || (i.code === 'unrecognized_keys' ? i.keys.join(',') : 'body'),
    message: i.message,
  }));
  const first = issues[0]!;
  return {
    ok: false,
    error: { code: 'request/invalid', message: `${first.field}: ${first.message}`, details: { field: first.field, in: 'body', issues } },
  };
}
