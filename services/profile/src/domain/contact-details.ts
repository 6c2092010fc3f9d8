import {
  codeAt,
  isAsciiAlnum,
  isAsciiDigit,
  isAsciiLetter,
  isAsciiWord,
  isSpaceCode,
  isSymbol,
  isWordAt,
  isWordBefore,
  isWordToken,
  TokenKind,
  type Tokens,
  tokenize,
} from './text-scan';

/**
 * Scanners that find contact details in a text: links, e-mail addresses, bare domains,
 * social handles and phone numbers. Each reads the text left to right and never returns to
 * a place it has left behind by more than a bounded step, so its time is linear in the length
 * of the text whatever the text is (a backtracking pattern took seconds on 110
 * characters). Each returns its finds in order, without overlaps.
 */

// code units of the symbols the scanners look for
const plus = 43;
const hyphen = 45;
const dot = 46;
const slash = 47;
const atSign = 64;
const underscore = 95;
const percent = 37;
const openParen = 40;
const closeParen = 41;
const openBracket = 91;
const closeBracket = 93;

export type FoundKind = 'email' | 'phone' | 'link' | 'handle' | 'name';
export type Found = { start: number; end: number; kind: FoundKind };
/** `atTextStart`: the text given is the beginning of the whole text (handles may start there). */
export type Finder = (text: string, atTextStart: boolean) => Found[];

// ─── Links: http://, https:// and www. ──────────────────────────────────────

const linkPrefixes = ['https://', 'http://', 'www.'];
const endsLink = (code: number) =>
  isSpaceCode(code) || code === 60 || code === 62 || code === 34 || code === 39 || code === closeParen; // < > " ' )

function linkPrefixEnd(text: string, index: number) {
  const head = text.slice(index, index + 8).toLowerCase();
  const prefix = linkPrefixes.find((candidate) => head.startsWith(candidate));
  return prefix ? index + prefix.length : -1;
}

/** `http://`, `https://` or `www.` at the start of a word, and everything up to a space or `<>"')`. */
export const findLinks: Finder = (text) => {
  const found: Found[] = [];
  let index = 0;
  while (index < text.length) {
    const lower = text.charCodeAt(index) | 32;
    const prefixEnd =
      (lower === 104 || lower === 119) && !isAsciiWord(codeAt(text, index - 1))
        ? linkPrefixEnd(text, index)
        : -1;
    if (prefixEnd < 0) {
      index++;
      continue;
    }
    let end = prefixEnd;
    while (end < text.length && !endsLink(text.charCodeAt(end))) end++;
    if (end === prefixEnd) {
      index++;
      continue;
    }
    found.push({ start: index, end, kind: 'link' });
    index = end;
  }
  return found;
};

// ─── E-mail addresses, also written out: "jane at mail dot com", "j (at) x [dot] org" ─────

const localPartSymbols = new Set([dot, underscore, percent, plus, hyphen]);

const isLocalPartToken = (tokens: Tokens, index: number) =>
  index < tokens.count &&
  (tokens.kind[index] === TokenKind.Word || localPartSymbols.has(tokens.symbol[index]!));
const isLabelToken = (tokens: Tokens, index: number) =>
  index < tokens.count && (tokens.kind[index] === TokenKind.Word || tokens.symbol[index] === hyphen);
const isSpaceToken = (tokens: Tokens, index: number) =>
  index < tokens.count && tokens.kind[index] === TokenKind.Space;

/** `(word)` or `[word]` starting at token `index`. */
const isBracketed = (tokens: Tokens, index: number, word: string) =>
  ((isSymbol(tokens, index, openParen) && isSymbol(tokens, index + 2, closeParen)) ||
    (isSymbol(tokens, index, openBracket) && isSymbol(tokens, index + 2, closeBracket))) &&
  isWordToken(tokens, index + 1, word);

/** The first label token after a separator ending before `index` and optional white space, or -1. */
function labelAfter(tokens: Tokens, index: number) {
  const label = isSpaceToken(tokens, index) ? index + 1 : index;
  return isLabelToken(tokens, label) ? label : -1;
}

/**
 * A separator spelt with a symbol (`@` or `.`), in brackets (`(at)`, `[dot]`) or as a word
 * between spaces (` at `, ` dot `), with optional white space around, starting at token
 * `index`. Returns the first token of the label that follows it, or -1.
 */
function labelAfterSeparator(tokens: Tokens, index: number, symbol: number, word: string) {
  let at = index;
  if (isSpaceToken(tokens, at)) {
    if (isWordToken(tokens, at + 1, word) && isSpaceToken(tokens, at + 2)) return labelAfter(tokens, at + 3);
    at++;
  }
  if (isSymbol(tokens, at, symbol)) return labelAfter(tokens, at + 1);
  if (isBracketed(tokens, at, word)) return labelAfter(tokens, at + 3);
  return -1;
}

/** Where a top-level domain (2 to 24 ASCII letters, then no ASCII letter, digit or `_`) at token `index` ends, or -1. */
function topLevelDomainEnd(tokens: Tokens, index: number) {
  if (tokens.kind[index] !== TokenKind.Word) return -1;
  const start = tokens.start[index]!;
  const limit = Math.min(tokens.end[index]!, start + 25);
  let end = start;
  while (end < limit && isAsciiLetter(tokens.text.charCodeAt(end))) end++;
  const length = end - start;
  if (length < 2 || length > 24 || isAsciiWord(codeAt(tokens.text, end))) return -1;
  return end;
}

const unknown = -2;

/** The first token of the label after `label` in its chain (after a dot separator), or -1. */
function nextLabel(tokens: Tokens, label: number) {
  let end = label;
  while (isLabelToken(tokens, end)) end++;
  return labelAfterSeparator(tokens, end, dot, 'dot');
}

/** The last top-level domain in the chain from `label` on, `label` itself included, or -1. */
function topLevelAtOrAfter(tokens: Tokens, furthest: Int32Array, label: number) {
  if (furthest[label]! >= 0) return furthest[label]!;
  return topLevelDomainEnd(tokens, label) >= 0 ? label : -1;
}

/**
 * The last label after `label` in its chain that is a top-level domain, or -1. The labels of
 * a domain, joined by dot separators, form a chain in which each label has at most one next
 * label; the answer is remembered per label in `furthest` (`unknown` where not yet known), so
 * that chains shared by many " at " are never walked twice.
 */
function furthestTopLevel(tokens: Tokens, furthest: Int32Array, label: number) {
  const path: number[] = [];
  let next = label;
  while (next >= 0 && furthest[next] === unknown) {
    path.push(next);
    next = nextLabel(tokens, next);
  }
  // walk back: what lies after each label on the path is known once the label after it is
  for (let index = path.length - 1; index >= 0; index--) {
    furthest[path[index]!] = next < 0 ? -1 : topLevelAtOrAfter(tokens, furthest, next);
    next = path[index]!;
  }
  return furthest[label]!;
}

// reused by every call, like the tokens' arrays
let furthestBuffer = new Int32Array(0);

/** Whether the text has `@`, or `at` after a bracket or between white space: else it holds no address. */
function mayHoldAtSign(text: string) {
  for (let index = 0; index < text.length; index++) {
    const unit = text.charCodeAt(index);
    if (unit === atSign) return true;
    if ((unit | 32) === 97 && (codeAt(text, index + 1) | 32) === 116) {
      const before = codeAt(text, index - 1);
      if (before === openParen || before === openBracket) return true;
      if (isSpaceCode(before) && isSpaceCode(codeAt(text, index + 2))) return true;
    }
  }
  return false;
}

/**
 * A local part (letters, digits and `._%+-`), an at sign, then labels joined by dots; the
 * address ends with the furthest label that is a top-level domain.
 */
export const findEmails: Finder = (text) => {
  if (!mayHoldAtSign(text)) return [];
  const tokens = tokenize(text);
  if (furthestBuffer.length < tokens.count)
    furthestBuffer = new Int32Array(Math.max(tokens.count, 2 * furthestBuffer.length));
  const furthest = furthestBuffer.fill(unknown, 0, tokens.count);
  const found: Found[] = [];
  let taken = 0;
  let index = 0;
  while (index < tokens.count) {
    if (!isLocalPartToken(tokens, index)) {
      index++;
      continue;
    }
    let localEnd = index;
    while (isLocalPartToken(tokens, localEnd)) localEnd++;
    const domain = labelAfterSeparator(tokens, localEnd, atSign, 'at');
    const topLevel = domain < 0 ? -1 : furthestTopLevel(tokens, furthest, domain);
    if (topLevel < 0) {
      index = localEnd;
      continue;
    }
    const end = topLevelDomainEnd(tokens, topLevel);
    found.push({ start: Math.max(tokens.start[index]!, taken), end, kind: 'email' });
    taken = end;
    index = end === tokens.end[topLevel] ? topLevel + 1 : topLevel;
  }
  return found;
};

// ─── Bare domains: linkedin.com/in/x, github.com/x, anything.tld/path ──────

const contactDomains = new Set(
  'linkedin github gitlab twitter x facebook instagram t wa telegram wechat skype calendly about bit tinyurl wix wordpress medium behance dribbble'.split(
    ' ',
  ),
);
const contactTopLevels = ['com', 'me', 'ly', 'org', 'net', 'io', 'co', 'in', 'cc'];
const longestContactDomain = Math.max(...[...contactDomains].map((domain) => domain.length));
const isHostCode = (code: number) => isAsciiAlnum(code) || code === hyphen;

/** A label that is a contact site's name, alone or after a hyphen (`linkedin`, `my-linkedin`). */
function isContactLabel(text: string, start: number, end: number) {
  let partStart = end;
  while (
    partStart > start &&
    text.charCodeAt(partStart - 1) !== hyphen &&
    end - partStart <= longestContactDomain
  )
    partStart--;
  const wholePart = partStart === start || text.charCodeAt(partStart - 1) === hyphen;
  return wholePart && contactDomains.has(text.slice(partStart, end).toLowerCase());
}

/** Where one of the contact sites' top-level domains starting at `start` ends (then no ASCII word character), or -1. */
function contactTopLevelEnd(text: string, start: number) {
  const head = text.slice(start, start + 3).toLowerCase();
  for (const topLevel of contactTopLevels) {
    if (head.startsWith(topLevel) && !isAsciiWord(codeAt(text, start + topLevel.length)))
      return start + topLevel.length;
  }
  return -1;
}

/** Past a `/` at `index` and everything after it up to white space. */
function pathEnd(text: string, index: number) {
  let end = index + 1;
  while (end < text.length && !isSpaceCode(text.charCodeAt(end))) end++;
  return end;
}

/**
 * The end of a contact link in a chain of labels joined by single dots, given the start of
 * each label and the end of the last, or -1.
 */
function bareDomainEnd(text: string, labelStarts: number[], chainEnd: number) {
  const last = labelStarts.length - 1;
  for (let label = last - 1; label >= 0; label--) {
    // labels are joined by single dots: one ends just before the next starts
    if (isContactLabel(text, labelStarts[label]!, labelStarts[label + 1]! - 1)) {
      const topLevelEnd = contactTopLevelEnd(text, labelStarts[label + 1]!);
      if (topLevelEnd >= 0)
        return text.charCodeAt(topLevelEnd) === slash ? pathEnd(text, topLevelEnd) : topLevelEnd;
    }
  }
  // any domain followed by a path: name.tld/something
  const topLevelStart = labelStarts[last]!;
  let letters = topLevelStart;
  while (letters < chainEnd && isAsciiLetter(text.charCodeAt(letters))) letters++;
  const withPath =
    last > 0 &&
    letters === chainEnd &&
    chainEnd - topLevelStart >= 2 &&
    chainEnd - topLevelStart <= 12 &&
    text.charCodeAt(chainEnd) === slash &&
    chainEnd + 1 < text.length &&
    !isSpaceCode(text.charCodeAt(chainEnd + 1));
  return withPath ? pathEnd(text, chainEnd) : -1;
}

/** Where the chain of labels that has a joining dot at `dot` starts, looking back no further than `floor`. */
function chainStart(text: string, dotAt: number, floor: number) {
  let start = dotAt;
  for (;;) {
    while (start > floor && isHostCode(text.charCodeAt(start - 1))) start--;
    const joined =
      start - 1 > floor && text.charCodeAt(start - 1) === dot && isHostCode(codeAt(text, start - 2));
    if (!joined) return start;
    start--;
  }
}

/**
 * Host names without a scheme: a contact site's domain (`linkedin.com`, `t.me`, with or
 * without a path), or any `name.tld/path`. The whole chain of labels is hidden. Only chains
 * with a dot between two labels are looked at.
 */
export const findBareDomains: Finder = (text) => {
  const found: Found[] = [];
  const labelStarts: number[] = [];
  let done = 0;
  for (let dotAt = text.indexOf('.'); dotAt >= 0; dotAt = text.indexOf('.', Math.max(dotAt + 1, done))) {
    if (!isHostCode(codeAt(text, dotAt - 1)) || !isHostCode(codeAt(text, dotAt + 1))) continue;
    const start = chainStart(text, dotAt, done);
    labelStarts.length = 0;
    let cursor = start;
    for (;;) {
      labelStarts.push(cursor);
      while (cursor < text.length && isHostCode(text.charCodeAt(cursor))) cursor++;
      if (text.charCodeAt(cursor) !== dot || !isHostCode(codeAt(text, cursor + 1))) break;
      cursor++;
    }
    const end = bareDomainEnd(text, labelStarts, cursor);
    if (end >= 0) found.push({ start, end, kind: 'link' });
    // a later start in the same chain sees the same labels: nothing more to find in it
    done = Math.max(end, cursor);
  }
  return found;
};

// ─── Handles: @name after a space, bracket or punctuation ───────────────────

const isHandleLead = (code: number) =>
  isSpaceCode(code) || code === openParen || code === 44 || code === 59 || code === 58; // , ; :
const isHandleCode = (code: number) => isAsciiWord(code) || code === dot;

/** `@` and 3 to 30 of `A-Za-z0-9_.`, ending at a word boundary, at the start or after a space or `(,;:`. */
export const findHandles: Finder = (text, atTextStart) => {
  const found: Found[] = [];
  for (let at = text.indexOf('@'); at >= 0; at = text.indexOf('@', at + 1)) {
    if (at === 0 ? !atTextStart : !isHandleLead(text.charCodeAt(at - 1))) continue;
    let end = at + 1;
    while (end < text.length && end - at <= 30 && isHandleCode(text.charCodeAt(end))) end++;
    for (; end - at > 3; end--) {
      if (isAsciiWord(text.charCodeAt(end - 1)) !== isAsciiWord(codeAt(text, end))) {
        found.push({ start: at, end, kind: 'handle' });
        break;
      }
    }
  }
  return found;
};

// ─── Phone numbers: 7 or more digits in the usual notations ─────────────────

const isPhoneCode = (code: number) =>
  isAsciiDigit(code) ||
  isSpaceCode(code) ||
  code === openParen ||
  code === closeParen ||
  code === hyphen ||
  code === dot ||
  code === slash;

/** Where a number that starts with the digit at `first` can end: its last digit group not followed by a word character. */
function numberEnd(text: string, first: number, runEnd: number) {
  for (let last = runEnd - 1; last >= first + 6; last--) {
    if (isAsciiDigit(text.charCodeAt(last)) && !isWordAt(text, last + 1)) return last + 1;
  }
  return -1;
}

const isYear = (text: string, start: number, end: number) =>
  end - start === 4 && (text.startsWith('19', start) || text.startsWith('20', start));

/** Whether the text between two digit groups is a range dash or slash, spaces allowed around it. */
function isRangeSeparator(text: string, start: number, end: number) {
  let dashes = 0;
  for (let index = start; index < end; index++) {
    const code = text.charCodeAt(index);
    if (code === hyphen || code === slash) dashes++;
    else if (!isSpaceCode(code)) return false;
  }
  return dashes === 1;
}

/** Whether the digit groups from `at` (start and end of each in `groups`) are a date: 2021-03-04. */
function isIsoDateAt(text: string, groups: number[], at: number) {
  if (at + 5 >= groups.length) return false;
  const yearEnd = groups[at + 1]!;
  const monthStart = groups[at + 2]!;
  const monthEnd = groups[at + 3]!;
  const dayStart = groups[at + 4]!;
  return (
    monthStart === yearEnd + 1 &&
    monthEnd === monthStart + 2 &&
    dayStart === monthEnd + 1 &&
    groups[at + 5] === dayStart + 2 &&
    text.charCodeAt(yearEnd) === hyphen &&
    text.charCodeAt(monthEnd) === hyphen
  );
}

/**
 * A number made only of year ranges (2015-2019, 2015 / 2019) and dates (2021-03-04) is no
 * phone. `groups` holds the start and end of each digit group.
 */
function onlyYearRangesAndDates(text: string, groups: number[]) {
  let at = 0;
  while (at < groups.length) {
    const yearEnd = groups[at + 1]!;
    if (!isYear(text, groups[at]!, yearEnd)) return false;
    if (isIsoDateAt(text, groups, at)) {
      at += 6;
      continue;
    }
    const nextStart = groups[at + 2] ?? -1;
    const yearRange =
      nextStart >= 0 &&
      isYear(text, nextStart, groups[at + 3]!) &&
      isRangeSeparator(text, yearEnd, nextStart);
    if (!yearRange) return false;
    at += 4;
  }
  return true;
}

function isPhoneNumber(text: string, start: number, end: number) {
  const groups: number[] = [];
  let digits = 0;
  for (let index = start; index < end; index++) {
    if (!isAsciiDigit(text.charCodeAt(index))) continue;
    if (index === start || !isAsciiDigit(text.charCodeAt(index - 1))) groups.push(index, index);
    groups[groups.length - 1] = index + 1;
    digits++;
  }
  if (digits < 7) return false;
  // nobody writes a year range or a date after `+`, the way international numbers start
  // (+1900-1900 was once kept as the years 1900 to 1900)
  if (text.charCodeAt(start) === plus) return true;
  // otherwise decided by the digit groups alone, so that what comes before the number cannot matter
  return !onlyYearRangesAndDates(text, groups);
}

/**
 * Digits with the separators people type in phone numbers (spaces, `()`, `.`, `-`, `/`),
 * optionally after `+`, not inside a word, with 7 or more digits. Year ranges and dates are
 * kept, unless written after `+`; a longer run (two numbers side by side) is hidden as a whole.
 */
export const findPhones: Finder = (text) => {
  const found: Found[] = [];
  let index = 0;
  while (index < text.length) {
    const code = text.charCodeAt(index);
    if ((code !== plus && code !== openParen && !isAsciiDigit(code)) || isWordBefore(text, index)) {
      index++;
      continue;
    }
    let first = index;
    if (text.charCodeAt(first) === plus) first++;
    if (text.charCodeAt(first) === openParen) first++;
    if (!isAsciiDigit(codeAt(text, first))) {
      index++;
      continue;
    }
    let runEnd = first + 1;
    while (runEnd < text.length && isPhoneCode(text.charCodeAt(runEnd))) runEnd++;
    const end = numberEnd(text, first, runEnd);
    if (end < 0) {
      // a later start in the same run ends at the same places and is shorter still
      index = runEnd;
      continue;
    }
    if (isPhoneNumber(text, index, end)) found.push({ start: index, end, kind: 'phone' });
    index = end;
  }
  return found;
};
