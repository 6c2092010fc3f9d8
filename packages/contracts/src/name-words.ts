// ─── Words of the candidate's name in what employers read ─────────────────

/**
 * Names of things in a profile (a location, company, school, certification, skill, job title)
 * hide the full name only: single words of a name are often real places and companies
 * (Florence, Ford). So the screens tell the candidate where a word of their name stands in a
 * field employers see; this is what they, and any check on the server, look for.
 */
export type NameWordFound = {
  /** The word as the text has it ("jose" for the name's "José"). */
  word: string;
  /** Where it stands in the text (UTF-16 offsets, `text.slice(start, end)` is `word`). */
  start: number;
  end: number;
};

/** A run of letters and their marks: anything else (space, digit, hyphen, apostrophe…) separates words. */
const wordPattern = /[\p{L}\p{M}]+/gu;

/** A word compared without case or accents: "JOSÉ", "José" and "jose" are one. */
const folded = (word: string) =>
  word
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}+/gu, '');

/** Words of one letter (an initial, the O of O'Brien) say nothing about who someone is. */
const isNameWord = (key: string) => [...key].length >= 2;

/** The words of `fullName` to look for, folded: "Anne-Marie O'Brien" gives anne, marie, brien. */
function nameWordKeys(fullName: string): ReadonlySet<string> {
  const keys = new Set<string>();
  for (const [word] of fullName.matchAll(wordPattern)) {
    const key = folded(word);
    if (isNameWord(key)) keys.add(key);
  }
  return keys;
}

/**
 * Every whole word of `text` that is a word of `fullName`, in the order they stand, each time
 * it stands there. "Ann" is not found in "Annual" or "planning"; "Jose" is found for "José".
 * One pass over each text, and no regular expression is built from either.
 */
export function nameWordsIn(fullName: string, text: string): NameWordFound[] {
  const keys = nameWordKeys(fullName);
  if (keys.size === 0) return [];
  const found: NameWordFound[] = [];
  for (const match of text.matchAll(wordPattern)) {
    const [word] = match;
    if (keys.has(folded(word))) found.push({ word, start: match.index, end: match.index + word.length });
  }
  return found;
}

/** The words found, each once, as first written ("Ford" for "Ford, ford and FORD"). */
export function distinctNameWords(found: readonly NameWordFound[]): string[] {
  const seen = new Map<string, string>();
  for (const { word } of found) if (!seen.has(folded(word))) seen.set(folded(word), word);
  return [...seen.values()];
}
