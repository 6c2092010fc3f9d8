import {
  type Finder,
  type Found,
  type FoundKind,
  findBareDomains,
  findEmails,
  findHandles,
  findLinks,
  findPhones,
} from './contact-details';
import { fold, foldedToken, TokenKind, type Tokens, tokenize } from './text-scan';

/**
 * Masks contact details and the candidate's name in text that employers will read. A job
 * seeker who writes "call me on +49 170 1234567" or "see linkedin.com/in/jane-doe" would
 * otherwise unmask themselves. Errs on the side of hiding: a masked word costs less than a
 * leaked phone. Every scan is linear in the length of the text (see `contact-details.ts`).
 */
export const masks = {
  email: '[email hidden]',
  phone: '[phone hidden]',
  link: '[link hidden]',
  handle: '[handle hidden]',
  name: '[name hidden]',
} as const satisfies Record<FoundKind, string>;

/** A stretch of the text: as written, or a mask that no later scan may look into. */
type Piece = { text: string; hidden: boolean };

const maskTexts = Object.values(masks);

/** The text in pieces, the masks already in it (from an earlier masking) kept whole. */
function piecesOf(text: string): Piece[] {
  const pieces: Piece[] = [];
  let written = 0;
  for (let open = text.indexOf('['); open >= 0; open = text.indexOf('[', open + 1)) {
    const mask = maskTexts.find((candidate) => text.startsWith(candidate, open));
    if (!mask) continue;
    if (open > written) pieces.push({ text: text.slice(written, open), hidden: false });
    pieces.push({ text: mask, hidden: true });
    written = open + mask.length;
    open = written - 1;
  }
  if (written < text.length) pieces.push({ text: text.slice(written), hidden: false });
  return pieces;
}

function applyFinder(pieces: Piece[], find: Finder): Piece[] {
  const result: Piece[] = [];
  pieces.forEach((piece, index) => {
    if (piece.hidden) {
      result.push(piece);
      return;
    }
    let written = 0;
    for (const { start, end, kind } of find(piece.text, index === 0)) {
      if (start > written) result.push({ text: piece.text.slice(written, start), hidden: false });
      result.push({ text: masks[kind], hidden: true });
      written = end;
    }
    if (written < piece.text.length) result.push({ text: piece.text.slice(written), hidden: false });
  });
  return result;
}

const maskWith = (text: string, finders: Finder[]) =>
  finders
    .reduce(applyFinder, piecesOf(text))
    .map((piece) => piece.text)
    .join('');

// ─── The candidate's name ───────────────────────────────────────────────────

/** A name as tokens to find: lower-case token texts, `null` for white space of any length. */
type NamePattern = (string | null)[];

/**
 * A folded token without its accents: a name is found however its accents were typed ("Jose"
 * for "José", "Muller" for "Müller"), as a person writing about themselves often types it.
 */
const plain = (folded: string) =>
  /[^ -~]/.test(folded) ? folded.normalize('NFD').replace(/\p{M}+/gu, '') : folded;

/** Token `index`, folded and without accents. */
const nameToken = (tokens: Tokens, index: number) => plain(foldedToken(tokens, index));

/**
 * The full name as typed (trimmed), and its words of 2+ characters: the parts between white
 * space and commas, without the punctuation around them ("Okonkwo-Smith," gives
 * "okonkwo-smith"), so initials stay readable, and each word of 2+ letters inside such a part
 * ("okonkwo", "smith"; "marie" of "Anne-Marie", which reached employers on its own before).
 */
function namePatterns(fullName: string): { fullName: NamePattern; words: NamePattern[] } {
  const tokens = tokenize(fullName);
  const pattern = (from: number, to: number): NamePattern => {
    const tokenTexts: NamePattern = [];
    for (let index = from; index < to; index++)
      tokenTexts.push(tokens.kind[index] === TokenKind.Space ? null : nameToken(tokens, index));
    return tokenTexts;
  };
  const isWord = (index: number) => tokens.kind[index] === TokenKind.Word;
  const separatesWords = (index: number) =>
    tokens.kind[index] === TokenKind.Space ||
    (tokens.kind[index] === TokenKind.Symbol && foldedToken(tokens, index) === ',');

  let first = 0;
  let last = tokens.count;
  while (first < last && tokens.kind[first] === TokenKind.Space) first++;
  while (last > first && tokens.kind[last - 1] === TokenKind.Space) last--;
  const full = pattern(first, last);

  const words = new Map<string, NamePattern>();
  let partStart = first;
  for (let index = first; index <= last; index++) {
    if (index < last && !separatesWords(index)) continue;
    let from = partStart;
    let to = index;
    while (from < to && !isWord(from)) from++;
    while (to > from && !isWord(to - 1)) to--;
    if (from < to && tokens.end[to - 1]! - tokens.start[from]! >= 2) {
      const word = pattern(from, to);
      words.set(JSON.stringify(word), word);
      // the words inside a part joined by hyphens or apostrophes, each on its own
      for (let inner = from; inner < to && to - from > 1; inner++) {
        if (isWord(inner) && tokens.end[inner]! - tokens.start[inner]! >= 2) {
          const part = pattern(inner, inner + 1);
          words.set(JSON.stringify(part), part);
        }
      }
    }
    partStart = index + 1;
  }
  words.delete(JSON.stringify(full));
  return { fullName: full, words: [...words.values()] };
}

const isWordTokenAt = (tokens: Tokens, index: number) =>
  index >= 0 && index < tokens.count && tokens.kind[index] === TokenKind.Word;

function nameAt(tokens: Tokens, at: number, pattern: NamePattern) {
  if (at + pattern.length > tokens.count) return false;
  for (let offset = 0; offset < pattern.length; offset++) {
    const expected = pattern[offset];
    const isSpace = tokens.kind[at + offset] === TokenKind.Space;
    if (expected === null ? !isSpace : isSpace || nameToken(tokens, at + offset) !== expected) return false;
  }
  // a pattern that begins or ends with punctuation must still stand apart from words
  return !isWordTokenAt(tokens, at - 1) && !isWordTokenAt(tokens, at + pattern.length);
}

/** Finds the patterns as whole words, ignoring case; the longest wins where several start. */
function nameFinder(patterns: NamePattern[]): Finder {
  const byFirstToken = new Map<string, NamePattern[]>();
  for (const pattern of [...patterns].sort((a, b) => b.length - a.length)) {
    const first = pattern[0];
    if (typeof first !== 'string') continue;
    byFirstToken.set(first, [...(byFirstToken.get(first) ?? []), pattern]);
  }
  const firstTokens = [...byFirstToken.keys()];
  return (text) => {
    const found: Found[] = [];
    // every token, folded, is part of the folded text: most texts need no tokens at all
    const folded = plain(fold(text));
    if (!firstTokens.some((first) => folded.includes(first))) return found;
    const tokens = tokenize(text);
    let index = 0;
    while (index < tokens.count) {
      const candidates =
        tokens.kind[index] === TokenKind.Space ? undefined : byFirstToken.get(nameToken(tokens, index));
      const pattern = candidates?.find((candidate) => nameAt(tokens, index, candidate));
      if (!pattern) {
        index++;
        continue;
      }
      found.push({ start: tokens.start[index]!, end: tokens.end[index + pattern.length - 1]!, kind: 'name' });
      index += pattern.length;
    }
    return found;
  };
}

// ─── Masking a profile's texts ──────────────────────────────────────────────

const contactFinders: Finder[] = [findLinks, findEmails, findBareDomains, findHandles, findPhones];

export type TextMasker = {
  /** Free text (descriptions): contact details, the full name and every word of it. */
  narrative(text: string): string;
  /**
   * Names of things (a location, company, school, certification, skill, job title): contact
   * details and the full name as typed, but not single words of the name, which are often
   * real places and organisations (Florence, Ford, Harvard).
   */
  structured(text: string): string;
};

export function createTextMasker(fullName: string): TextMasker {
  const patterns = namePatterns(fullName);
  const narrative = [...contactFinders, nameFinder([patterns.fullName, ...patterns.words])];
  const structured = [...contactFinders, nameFinder([patterns.fullName])];
  return {
    narrative: (text) => maskWith(text, narrative),
    structured: (text) => maskWith(text, structured),
  };
}

export const maskFreeText = (text: string, { fullName }: { fullName: string }) =>
  createTextMasker(fullName).narrative(text);

export const maskStructuredText = (text: string, { fullName }: { fullName: string }) =>
  createTextMasker(fullName).structured(text);
