import leoProfanity from 'leo-profanity';

/**
 * The block lists of the chat, per language, from a maintained library (leo-profanity: its own
 * English list, French from french-badwords-list and Russian from russian-bad-words, both its
 * optional dependencies; docs/decisions.md). A language the library has no list for has none here.
 */
const listedLanguages = ['en', 'ru', 'fr'] as const;
export type BlockListLanguage = (typeof listedLanguages)[number];

/** Lower case with ё read as е: players write either, the lists hold either. */
function fold(word: string): string {
  return word.toLowerCase().replaceAll('ё', 'е');
}

const blockLists: ReadonlyMap<BlockListLanguage, ReadonlySet<string>> = new Map(
  listedLanguages.map((language) => {
    // russian-bad-words flattens its word records, grammar labels ("qualifying adverb") included:
    // only single words of letters count as words.
    const words = leoProfanity.getDictionary(language).filter((word) => /^[\p{L}\p{N}'-]+$/u.test(word));
    return [language, new Set(words.map(fold))] as const;
  }),
);

/** A word: letters, digits and the marks inside words, so "f.u.c.k" is three words, not one. */
const wordPattern = /[\p{L}\p{N}]+/gu;

/**
 * The text with every blocked word of the given languages replaced by asterisks of its length
 * (whole words only, so "class" keeps its "ass"). The table's readers speak different languages,
 * so the chat masks with every list by default, not only the writer's.
 */
export function maskProfanity(text: string, languages: readonly BlockListLanguage[] = listedLanguages): string {
  const lists = languages.map((language) => blockLists.get(language)!);
  return text.replace(wordPattern, (word) => {
    const folded = fold(word);
    return lists.some((list) => list.has(folded)) ? '*'.repeat([...word].length) : word;
  });
}
