import { captionLanguages, type Banner, type BannerCaptions } from '@durak/protocol';
import type { BannerForm } from '../admin-api';

export interface BannerDraft {
  name: string;
  description: string;
  /** The caption per language as typed; an empty one means "show the default caption". */
  captions: Record<string, string>;
  /** `datetime-local` values: local wall-clock time, no zone. */
  start: string;
  end: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO instant as a `datetime-local` value in the admin's own time zone. */
export function toLocalInput(iso: string): string {
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A `datetime-local` value (the admin's zone) as an ISO instant, or undefined when empty or invalid. */
export function fromLocalInput(value: string): string | undefined {
  if (!value) return undefined;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? undefined : d.toISOString();
}

export function draftOf(banner: Banner | undefined): BannerDraft {
  return banner
    ? {
        name: banner.name,
        description: banner.description,
        captions: { ...banner.captions },
        start: toLocalInput(banner.start_date),
        end: toLocalInput(banner.end_date),
      }
    : { name: '', description: '', captions: {}, start: '', end: '' };
}

/** The captions worth sending: trimmed, the empty ones left out, in the languages' order. */
export function captionsOf(typed: Partial<Record<string, string>>): BannerCaptions {
  const captions: BannerCaptions = {};
  for (const lang of captionLanguages) {
    const text = typed[lang]?.trim();
    if (text) captions[lang] = text;
  }
  return captions;
}

const sameCaptions = (a: BannerCaptions, b: BannerCaptions) => JSON.stringify(captionsOf(a)) === JSON.stringify(captionsOf(b));

export type DraftProblem = 'name' | 'start_date' | 'end_date' | 'image' | null;

/** The same rules the server applies, checked first so the admin sees them without a round trip. */
export function draftProblem(draft: BannerDraft, hasImage: boolean): DraftProblem {
  if (!draft.name.trim()) return 'name';
  const start = fromLocalInput(draft.start);
  const end = fromLocalInput(draft.end);
  if (!start) return 'start_date';
  if (!end || end <= start) return 'end_date';
  return hasImage ? null : 'image';
}

/** Only what changed: PATCH sends the fields present and nothing else. */
export function changedFields(before: Banner, draft: BannerDraft, image: File | null): BannerForm {
  const fields: BannerForm = {};
  if (draft.name.trim() !== before.name) fields.name = draft.name.trim();
  if (draft.description !== before.description) fields.description = draft.description;
  // The server replaces the whole set, so a changed set is sent whole (`{}` clears it).
  const captions = captionsOf(draft.captions);
  if (!sameCaptions(captions, before.captions)) fields.captions = JSON.stringify(captions);
  const start = fromLocalInput(draft.start);
  const end = fromLocalInput(draft.end);
  // Compared as the input shows them: the input has whole minutes, the saved date may not.
  if (start && draft.start !== toLocalInput(before.start_date)) fields.start_date = start;
  if (end && draft.end !== toLocalInput(before.end_date)) fields.end_date = end;
  if (image) fields.image = image;
  return fields;
}
