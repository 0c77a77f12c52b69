import { z } from 'zod';
import { chatPhraseIds, chatTextMaxLength, reportReasons } from './chat-limits.js';
import { pageQuery } from './bounds.js';
import { page } from './common.js';

/**
 * Table chat (FEATURES.md §11): quick phrases and short texts between the players seated at one
 * table, and reports of a player to the admins.
 */

export const chatPhraseId = z.enum(chatPhraseIds);
export type ChatPhraseId = z.infer<typeof chatPhraseId>;

export const chatPhrase = z.object({ id: chatPhraseId, key: z.string() });
export const chatPhraseList = z.object({ items: z.array(chatPhrase) });
export type ChatPhrase = z.infer<typeof chatPhrase>;
export type ChatPhraseList = z.infer<typeof chatPhraseList>;

/**
 * C0 and C1 control characters and DEL: a newline or an escape sequence in a table bubble is
 * either a layout break or an attempt at one. Tab counts too: a bubble is one line.
 */
// eslint-disable-next-line no-control-regex
const controlCharacter = /[\u0000-\u001f\u007f-\u009f]/;

/** A chat text: control characters refused anywhere, then 1..200 characters once trimmed. */
export const chatText = z
  .string()
  // A generous cap before any work: 200 characters after trimming, but never a megabyte to trim.
  .max(1000, 'must be at most 200 characters')
  .refine((text) => !controlCharacter.test(text), 'must not contain control characters (newlines, tabs, escapes)')
  .transform((text) => text.trim())
  .pipe(z.string().min(1, 'must not be empty').max(chatTextMaxLength, `must be at most ${chatTextMaxLength} characters`));

/** `POST /api/v1/rooms/{id}/chat`: exactly one of `phrase_id` and `text`. */
export const sendChatBody = z
  .object({ phrase_id: chatPhraseId.optional(), text: chatText.optional() })
  .strict()
  .superRefine((body, context) => {
    if (body.phrase_id !== undefined && body.text !== undefined) {
      context.addIssue({ code: 'custom', path: ['text'], message: 'send either phrase_id or text, not both' });
    } else if (body.phrase_id === undefined && body.text === undefined) {
      context.addIssue({ code: 'custom', path: ['text'], message: 'phrase_id or text is required' });
    }
  });
export type SendChatBody = z.infer<typeof sendChatBody>;
export type SendChatRequest = z.input<typeof sendChatBody>;

export const chatAuthor = z.object({ user_id: z.number().int(), username: z.string() });

/** One message as the room channel publishes it and the history returns it. */
export const chatMessage = z.object({
  id: z.number().int(),
  from: chatAuthor,
  phrase_id: chatPhraseId.optional(),
  text: z.string().optional(),
  at: z.string(),
});
export type ChatMessage = z.infer<typeof chatMessage>;

/** `GET /api/v1/rooms/{id}/chat`: the table's last messages, oldest first. */
export const chatHistory = z.object({ items: z.array(chatMessage) });
export type ChatHistory = z.infer<typeof chatHistory>;
export const chatHistorySize = 50;

// ---- reports ----

export const reportReason = z.enum(reportReasons);

/** `POST /api/v1/rooms/{id}/report`: a reason from the fixed set, or the reporter's own words. */
export const reportBody = z.object({
  user_id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
  reason: z.union([
    reportReason,
    z
      .string()
      .max(2000, 'must be at most 500 characters')
      .transform((text) => text.trim())
      .pipe(z.string().min(1, 'must not be empty').max(500, 'must be at most 500 characters')),
  ]),
});
export type ReportBody = z.infer<typeof reportBody>;

export const reportCreated = z.object({ id: z.number().int() });
export type ReportCreated = z.infer<typeof reportCreated>;

/** One report in the admin list, with the messages of that table's game. */
export const adminReport = z.object({
  id: z.number().int(),
  room_id: z.number().int(),
  reporter: chatAuthor,
  reported: chatAuthor,
  reason: z.string(),
  created_at: z.string(),
  messages: z.array(chatMessage),
  /** Open until an admin resolves it (FEATURES.md §17): by whom and when. */
  status: z.enum(['open', 'resolved']),
  resolved_by: chatAuthor.nullable(),
  resolved_at: z.string().nullable(),
});
export type AdminReport = z.infer<typeof adminReport>;
/** `GET /api/admin/reports?status=open|resolved`: one kind only; both when left out. */
export const adminReportQuery = pageQuery.extend({ status: z.enum(['open', 'resolved']).optional() });
export type AdminReportQuery = z.infer<typeof adminReportQuery>;
/** `POST /api/admin/reports/{id}/resolve` (the reason in `X-Audit-Reason`): the report as it now stands. */
export const reportResolved = adminReport.pick({ id: true, status: true, resolved_by: true, resolved_at: true });
export type ReportResolved = z.infer<typeof reportResolved>;
export const adminReportPage = page(adminReport).extend({ total: z.number().int() });
export type AdminReportPage = z.infer<typeof adminReportPage>;
