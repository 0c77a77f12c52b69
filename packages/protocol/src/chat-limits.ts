// The table chat's fixed sets and limits, apart from its schemas: plain values without zod, so the
// table's screen reads them without loading the schemas (and zod) on its first paint.

/**
 * The quick phrases, by stable id. The text of each lives in the web's locales under
 * `tableChat.phrases.<id>`, so every reader sees a phrase in their own language.
 */
export const chatPhraseIds = [
  'hello',
  'good_luck',
  'well_played',
  'nice_move',
  'hurry_up',
  'think_faster',
  'oops',
  'sorry',
  'thanks',
  'again',
  'good_game',
  'bye',
] as const;

/** A chat text's longest length, once trimmed. */
export const chatTextMaxLength = 200;

/** The reasons a report offers; a reporter may also write their own. */
export const reportReasons = ['insults', 'spam', 'cheating', 'other'] as const;
