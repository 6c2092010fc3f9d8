/**
 * Character classes and a tokenizer for the masking scanners. The scanners built on them look
 * at each character a bounded number of times, so they run in time linear in the length of
 * the text. The only regular expressions here match a single character at a time.
 */

const wordCodePoint = /^[\p{L}\p{M}\p{N}]$/u;

export const isAsciiDigit = (code: number) => code >= 48 && code <= 57;
export const isAsciiLetter = (code: number) => (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
export const isAsciiAlnum = (code: number) => isAsciiDigit(code) || isAsciiLetter(code);
/** `\w` of a JavaScript regular expression: what `\b` compares. */
export const isAsciiWord = (code: number) => isAsciiAlnum(code) || code === 95;

// 0: not looked up yet, 1: a word character, 2: not one
const bmpWordClass = new Uint8Array(0x10000);
const astralWordClass = new Map<number, boolean>();

/** A letter, combining mark or number in any script: what a word is made of. */
export function isWordCode(code: number): boolean {
  if (code < 128) return isAsciiAlnum(code);
  if (code < 0x10000) {
    if (bmpWordClass[code] === 0) bmpWordClass[code] = wordCodePoint.test(String.fromCharCode(code)) ? 1 : 2;
    return bmpWordClass[code] === 1;
  }
  let known = astralWordClass.get(code);
  if (known === undefined) {
    known = wordCodePoint.test(String.fromCodePoint(code));
    astralWordClass.set(code, known);
  }
  return known;
}

/** `\s` of a JavaScript regular expression: white space and line terminators, all in the BMP. */
export function isSpaceCode(code: number): boolean {
  if (code < 128) return code === 32 || (code >= 9 && code <= 13);
  return (
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

/** The code unit at `index`, or -1 outside the text (the edges count as neither word nor space). */
export const codeAt = (text: string, index: number) =>
  index >= 0 && index < text.length ? text.charCodeAt(index) : -1;

const isHighSurrogate = (unit: number) => unit >= 0xd800 && unit <= 0xdbff;
const isLowSurrogate = (unit: number) => unit >= 0xdc00 && unit <= 0xdfff;

/** Whether the code point that ends just before `index` is a word character. */
export function isWordBefore(text: string, index: number): boolean {
  if (index <= 0) return false;
  const unit = text.charCodeAt(index - 1);
  if (isLowSurrogate(unit) && index >= 2 && isHighSurrogate(text.charCodeAt(index - 2)))
    return isWordCode(text.codePointAt(index - 2)!);
  return isWordCode(unit);
}

/** Whether the code point that starts at `index` is a word character. */
export const isWordAt = (text: string, index: number) =>
  index >= 0 && index < text.length && isWordCode(text.codePointAt(index)!);

export const TokenKind = {
  /** A run of letters, marks and numbers. */
  Word: 0,
  /** A run of white space. */
  Space: 1,
  /** Any other single code point. */
  Symbol: 2,
} as const;

/**
 * Tokens of a text as parallel arrays: kind, start and end offsets (UTF-16 units) and, for a
 * symbol, its code point.
 */
export type Tokens = {
  text: string;
  count: number;
  kind: Uint8Array;
  start: Int32Array;
  end: Int32Array;
  symbol: Int32Array;
};

const kindOfCode = (code: number) =>
  isWordCode(code) ? TokenKind.Word : isSpaceCode(code) ? TokenKind.Space : TokenKind.Symbol;
const asciiTokenKind = Uint8Array.from({ length: 128 }, (_, code) => kindOfCode(code));

// One set of arrays, grown as needed: masking tokenizes hundreds of texts per profile.
let buffers = {
  kind: new Uint8Array(0),
  start: new Int32Array(0),
  end: new Int32Array(0),
  symbol: new Int32Array(0),
};

/** The tokens of `text`. Their arrays are reused by the next call: read them before tokenizing again. */
export function tokenize(text: string): Tokens {
  const length = text.length;
  if (buffers.kind.length < length) {
    const size = Math.max(length, 2 * buffers.kind.length, 256);
    buffers = {
      kind: new Uint8Array(size),
      start: new Int32Array(size),
      end: new Int32Array(size),
      symbol: new Int32Array(size),
    };
  }
  const { kind, start, end, symbol } = buffers;
  let count = 0;
  let index = 0;
  while (index < length) {
    const unit = text.charCodeAt(index);
    let code = unit;
    let width = 1;
    if (isHighSurrogate(unit) && index + 1 < length && isLowSurrogate(text.charCodeAt(index + 1))) {
      code = text.codePointAt(index)!;
      width = 2;
    }
    const tokenKind = code < 128 ? asciiTokenKind[code]! : kindOfCode(code);
    if (tokenKind !== TokenKind.Symbol && count > 0 && kind[count - 1] === tokenKind) {
      end[count - 1] = index + width;
    } else {
      kind[count] = tokenKind;
      start[count] = index;
      end[count] = index + width;
      symbol[count] = tokenKind === TokenKind.Symbol ? code : -1;
      count++;
    }
    index += width;
  }
  return { text, count, kind, start, end, symbol };
}

/** Whether token `index` is the symbol with code `code`. */
export const isSymbol = (tokens: Tokens, index: number, code: number) =>
  index < tokens.count && tokens.symbol[index] === code;

/** Whether token `index` is the ASCII word `word` (given in lower case), in any case. */
export function isWordToken(tokens: Tokens, index: number, word: string) {
  if (index >= tokens.count || tokens.kind[index] !== TokenKind.Word) return false;
  const start = tokens.start[index]!;
  if (tokens.end[index]! - start !== word.length) return false;
  for (let offset = 0; offset < word.length; offset++) {
    if ((tokens.text.charCodeAt(start + offset) | 32) !== word.charCodeAt(offset)) return false;
  }
  return true;
}

// Letters whose lower case differs from their case folding (what a regular expression's `i` compares)
const foldVariants = new Map([
  ['ς', 'σ'],
  ['ſ', 's'],
  ['ϐ', 'β'],
  ['ϑ', 'θ'],
  ['ϕ', 'φ'],
  ['ϖ', 'π'],
  ['ϰ', 'κ'],
  ['ϱ', 'ρ'],
  ['ϵ', 'ε'],
  ['ẛ', 'ṡ'],
  ['ι', 'ι'],
]);
const foldVariant = /[ςſϐϑϕϖϰϱϵẛι]/gu;

function isAscii(text: string) {
  for (let index = 0; index < text.length; index++) if (text.charCodeAt(index) > 127) return false;
  return true;
}

/** The text for comparisons that ignore case and how accents were typed (composed or not). */
export function fold(text: string): string {
  const lower = text.toLowerCase();
  if (isAscii(lower)) return lower;
  return lower.normalize('NFC').replace(foldVariant, (letter) => foldVariants.get(letter)!);
}

/** Token `index` folded. */
export const foldedToken = (tokens: Tokens, index: number) =>
  fold(tokens.text.slice(tokens.start[index], tokens.end[index]));
