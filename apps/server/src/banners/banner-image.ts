import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Failure } from '@durak/protocol';
import sharp from 'sharp';
import { ok, type Result } from '../shared/result.js';

// Judged by content, never by name or declared type; SVG (script) and the rest are refused.
const acceptedFormats = new Set(['jpeg', 'png', 'webp']);

export interface BannerImage {
  readonly webp: Buffer;
  readonly width: number;
  readonly height: number;
}

export const notAnImage: Failure<'banner/not_an_image'> = {
  code: 'banner/not_an_image',
  message: 'image: must be a JPEG, PNG or WebP picture',
  details: { field: 'image' },
};

/** Decodes the upload and re-encodes it as WebP at its own width and height (upright), in memory. */
export async function convertBannerImage(data: Buffer): Promise<Result<BannerImage>> {
  try {
    const decoded = sharp(data, { failOn: 'error', limitInputPixels: 40_000_000 });
    const meta = await decoded.metadata();
    if (!meta.format || !acceptedFormats.has(meta.format)) return { ok: false, error: notAnImage };
    const { data: webp, info } = await decoded.rotate().webp({ quality: 85 }).toBuffer({ resolveWithObject: true });
    return ok({ webp, width: info.width, height: info.height });
  } catch {
    return { ok: false, error: notAnImage };
  }
}

/** Where banner files live on disk and how the web reaches them. */
export function bannerFiles(uploadDir: string, publicUrl: string | undefined) {
  const dir = join(uploadDir, 'banners');
  return {
    /** Writes the picture under a fresh random name and answers its URL. */
    async save(image: BannerImage): Promise<string> {
      const name = `${randomBytes(9).toString('hex')}.webp`;
      await mkdir(dir, { recursive: true });
      await writeFile(join(dir, name), image.webp);
      const path = `/uploads/banners/${name}`;
      return publicUrl ? new URL(path, publicUrl).toString() : path;
    },
    /** Removes a picture this service wrote; any other URL is left alone. */
    async remove(url: string): Promise<void> {
      const name = /\/uploads\/banners\/([0-9a-f]{18}\.webp)$/.exec(url)?.[1];
      if (name) await rm(join(dir, name), { force: true });
    },
  };
}
