import leoProfanity from 'leo-profanity';
import { latinSpellings, normalWord, readingsOf, withoutInvisibles } from './chat-text.js';

/**
 * The block lists of the chat, per language, from a maintained library (leo-profanity: its own
 * English list, French from french-badwords-list and Russian from russian-bad-words, both its
 * optional dependencies; docs/decisions.md). A language the library has no list for has none here.
 */
const listedLanguages = ['en', 'ru', 'fr'] as const;
export type BlockListLanguage = (typeof listedLanguages)[number];

/** Words shorter than this get no Latin spelling: `хер` would mask the English `her`. */
const minTransliterated = 4;

const blockLists: ReadonlyMap<BlockListLanguage, ReadonlySet<string>> = new Map(
  listedLanguages.map((language) => {
    // russian-bad-words flattens its word records, grammar labels ("qualifying adverb") included:
    // only single words of letters count as words.
    const words = leoProfanity.getDictionary(language).filter((word) => /^[\p{L}\p{N}'-]+$/u.test(word));
    const normal = new Set(words.map(normalWord));
    // Russian swears written in Latin letters (`suka`, `blyad`): FEATURES.md §17.
    if (language === 'ru')
      for (const word of words) if ([...word].length >= minTransliterated) for (const s of latinSpellings(word)) normal.add(s);
    return [language, normal] as const;
  }),
);

/** Endings a swear takes (`fucker`, `shitty` read as `shity`, `сукой`), in normal form. */
const suffixes = ['er', 'ers', 'ing', 'in', 'ed', 's', 'es', 'y', 'a', 'ой', 'и', 'ы', 'е', 'у', 'ом', 'ами', 'ах', 'ов', 'ка', 'ки'].map(
  normalWord,
);
/** A stem shorter than this takes no ending: `as` + `s` is not `ass`. */
const minStem = 4;

function isBlocked(word: string, lists: readonly ReadonlySet<string>[]): boolean {
  for (const reading of readingsOf(word)) {
    if (lists.some((list) => list.has(reading))) return true;
    for (const suffix of suffixes) {
      if (!reading.endsWith(suffix)) continue;
      const stem = reading.slice(0, reading.length - suffix.length);
      if ([...stem].length >= minStem && lists.some((list) => list.has(stem))) return true;
    }
  }
  return false;
}

/**
 * A written word: letters, digits, marks and the symbols that stand for letters (`$hit`, `f*ck`,
 * `sh!t`). A leading or trailing `!` or `*` is punctuation, not a letter (`fuck!`, `*fuck*`).
 */
const wordPattern = /[\p{L}\p{N}\p{M}@$](?:[\p{L}\p{N}\p{M}@$*!]*[\p{L}\p{N}\p{M}@$])?/gu;
/** What may stand between the letters of a spelled-out word: spaces and light punctuation. */
const separator = /^[\s.,_\-+~:;|/\\'"`]{1,3}$/u;
/** Pieces of at most this many letters may be a word spelled out (`f u c k`, `fu ck`). */
const maxPiece = 2;
const maxSpelledPieces = 24;

interface Span {
  readonly start: number;
  readonly end: number;
  readonly word: string;
}

/**
 * The text with every blocked word of the given languages replaced by asterisks of its length
 * (whole words only, so "class" keeps its "ass"). The table's readers speak different languages,
 * so the chat masks with every list by default, not only the writer's. Zero-width and format
 * characters are removed first: what is stored is what every reader sees.
 */
export function maskProfanity(text: string, languages: readonly BlockListLanguage[] = listedLanguages): string {
  const lists = languages.map((language) => blockLists.get(language)!);
  const clean = withoutInvisibles(text);
  const words: Span[] = [...clean.matchAll(wordPattern)].map((m) => ({ start: m.index, end: m.index + m[0].length, word: m[0] }));
  const masked = words.map((w) => /\p{L}/u.test(w.word) && isBlocked(w.word, lists));
  // Pieces of one spelled-out word share a group: masked together with what lies between them.
  const group = words.map((_, i) => i);
  maskSpelledOut(clean, words, masked, group, lists);
  let out = '';
  let last = 0;
  for (let i = 0; i < words.length; i++) {
    if (!masked[i]) continue;
    let j = i;
    while (j + 1 < words.length && masked[j + 1] && group[j + 1] === group[i]) j++;
    const start = words[i]!.start;
    const end = words[j]!.end;
    out += clean.slice(last, start) + '*'.repeat([...clean.slice(start, end)].length);
    last = end;
    i = j;
  }
  return out + clean.slice(last);
}

/** Marks runs of short pieces split by separators that together spell a blocked word. */
function maskSpelledOut(
  text: string,
  words: readonly Span[],
  masked: boolean[],
  group: number[],
  lists: readonly ReadonlySet<string>[],
): void {
  let i = 0;
  while (i < words.length) {
    if ([...words[i]!.word].length > maxPiece) {
      i++;
      continue;
    }
    let j = i;
    while (
      j + 1 < words.length &&
      j + 1 - i < maxSpelledPieces &&
      [...words[j + 1]!.word].length <= maxPiece &&
      separator.test(text.slice(words[j]!.end, words[j + 1]!.start))
    )
      j++;
    for (let from = i; from < j; from++) {
      let joined = words[from]!.word;
      for (let to = from + 1; to <= j; to++) {
        joined += words[to]!.word;
        if ([...joined].length < 3 || !isBlocked(joined, lists)) continue;
        for (let k = from; k <= to; k++) {
          masked[k] = true;
          group[k] = group[from]!;
        }
      }
    }
    i = j + 1;
  }
}
