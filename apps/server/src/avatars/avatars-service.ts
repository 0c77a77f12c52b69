import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { failure, ok, type Result } from '../shared/result.js';

export const maxAvatarBytes = 5 * 1024 * 1024;
const avatarSide = 256;
// Raster formats only: SVG can carry script, and sharp would happily read it.
const acceptedFormats = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff']);

export type AvatarResult = Result<{ avatarUrl: string }, 'avatar/not_an_image'>;

export interface AvatarOptions {
  readonly uploadDir: string;
  /** Absolute origin for URLs (the web shows only https avatars); absent: a path under /uploads. */
  readonly publicUrl: string | undefined;
  /** Sets the user's avatar URL and answers the one it replaced. */
  readonly setAvatarUrl: (userId: number, url: string) => Promise<string | null>;
}

export type AvatarService = ReturnType<typeof createAvatarService>;

/** Turns an uploaded file into the user's 256×256 webp avatar; the file is judged by content, not by name. */
export function createAvatarService(options: AvatarOptions) {
  const notAnImage = failure('avatar/not_an_image', 'The file is not a supported image', { field: 'file' });
  return {
    async upload(userId: number, data: Buffer): Promise<AvatarResult> {
      let webp: Buffer;
      try {
        const image = sharp(data, { failOn: 'error', limitInputPixels: 40_000_000 });
        const meta = await image.metadata();
        if (!meta.format || !acceptedFormats.has(meta.format)) return notAnImage;
        webp = await image.rotate().resize(avatarSide, avatarSide, { fit: 'cover' }).webp({ quality: 82 }).toBuffer();
      } catch {
        return notAnImage;
      }
      const name = `${userId}-${randomBytes(6).toString('hex')}.webp`;
      await mkdir(join(options.uploadDir, 'avatars'), { recursive: true });
      await writeFile(join(options.uploadDir, 'avatars', name), webp);
      const path = `/uploads/avatars/${name}`;
      const avatarUrl = options.publicUrl ? new URL(path, options.publicUrl).toString() : path;
      const replaced = await options.setAvatarUrl(userId, avatarUrl);
      // The picture it replaced is removed when it is one of ours (a Telegram photo is not): every
      // new upload used to leave the old file behind for good.
      const oldName = replaced === null ? null : ownAvatarFile(replaced, userId);
      if (oldName !== null) await rm(join(options.uploadDir, 'avatars', oldName), { force: true });
      return ok({ avatarUrl });
    },
  };
}

/** The file name of an avatar this service made for the user, or null for any other URL. */
function ownAvatarFile(url: string, userId: number): string | null {
  const match = /\/uploads\/avatars\/([^/?#]+)$/.exec(url);
  const name = match?.[1];
  return name !== undefined && new RegExp(`^${userId}-[0-9a-f]{12}\\.webp$`).test(name) ? name : null;
}
