import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createTextMasker, masks } from './masking';
import { attackPieces, fieldMaxima, runWithin } from './masking-fixtures';

/**
 * Properties of masking on hostile text at the longest lengths the contracts allow: it
 * always finishes at once, leaves no contact detail or name behind (checked by independent
 * patterns run on what is left between the masks), hides every contact detail planted in
 * the noise, and masking twice changes nothing.
 */

// a hang detector only: the timing target is in the benchmark (`npm run bench -- masking`)
const perCallBound = 1000;

const names = [
  'Janet Okonkwo-Smith',
  'Florence Smith',
  'José Álvarez',
  'Zoë Łukasz-Nowak',
  "Seán O'Brien",
  'Νίκος Παπαδόπουλος',
  'Дмитрий Иванов',
  'प्रिया शर्मा',
  'Nguyễn Thị Minh Khai',
  '王芳',
  'Li Wei',
  'Mary-Jane Watson',
];

/**
 * The words of a name worth hiding, as docs/decisions/0010-projection-masking.md defines them
 * (independent of the code).
 */
const nameWords = (fullName: string) =>
  fullName
    .split(/[\s,]+/u)
    .map((word) => word.replace(/^[^\p{L}\p{M}\p{N}]+|[^\p{L}\p{M}\p{N}]+$/gu, ''))
    .filter((word) => word.length >= 2);

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const wholeWord = (source: string) =>
  new RegExp(`(?<![\\p{L}\\p{M}\\p{N}])${source}(?![\\p{L}\\p{M}\\p{N}])`, 'iu');

// Independent detectors of what must not be left in the text between the masks
const leftovers = {
  email: /[\p{L}\p{N}._%+-]@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.[A-Za-z]{2,24}(?![A-Za-z0-9_])/u,
  phone: /(?<![\p{L}\p{M}\p{N}])\d{7,}(?![\p{L}\p{M}\p{N}])/u,
  link: /(?<![A-Za-z0-9_])(?:https?:\/\/|www\.)[^\s<>"')]/iu,
  contactSite:
    /(?<![A-Za-z0-9_-])(?:linkedin|github|gitlab|twitter|facebook|instagram|telegram|calendly|tinyurl|wordpress)\.(?:com|me|ly|org|net|io|co|in|cc)(?![A-Za-z0-9_])/iu,
};
const handleLeft = /(?:^|[\s(,;:])@[A-Za-z0-9_.]{3,30}\b/u;

const maskList = Object.values(masks);
/** The stretches of the output that are not masks. */
function unmaskedPieces(output: string) {
  let pieces = [output];
  for (const mask of maskList) pieces = pieces.flatMap((piece) => piece.split(mask));
  return pieces;
}

// ─── Generators ─────────────────────────────────────────────────────────────

const separators = [
  ' ',
  '  ',
  '\t',
  '\n',
  '\u00a0',
  '.',
  '..',
  '-',
  '/',
  '(',
  ')',
  '[',
  ']',
  '@',
  ':',
  ',',
  ';',
  '_',
  '+',
  '%',
];
const spelledSeparators = [' at ', ' dot ', '(at)', '[at]', '(dot)', '[dot]', ' AT ', ' DoT ', ' @ ', ' . '];
const nearMisses = [
  'a@b',
  'a@b.c',
  'a@b.c0m',
  'x at y dot 1',
  'www.',
  'http:/x',
  'https//x',
  '@ab',
  `@${'a'.repeat(31)}`,
  '123456',
  '12 34 56',
  '2015-2019',
  '2021-03-04',
  '(2015-2019)',
  'linkedin.co',
  'linkedinx.com',
  'x.comp',
  'about.meh',
  'v2.3.1',
  'ASP.NET',
  'Node.js',
  '1,200,000',
  ...maskList,
  '[email hidden',
  'name hidden]',
];
const wordsAndDomains = [
  'a',
  'b',
  'x',
  't',
  'com',
  'org',
  'me',
  'io',
  'linkedin',
  'github',
  'mail',
  'at',
  'dot',
  'www',
  'http',
];

const digitRun = fc
  .array(fc.tuple(fc.constantFrom('0', '1', '7', '9'), fc.constantFrom('', ' ', '-', '.', '/', '(', ')')), {
    maxLength: 24,
  })
  .map((pairs) => pairs.map(([digit, separator]) => digit + separator).join(''));
const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((unit) => String.fromCharCode(unit));

/** A word of the name as someone might type it: any case, composed or not, or a near miss. */
const nameWordVariant = (fullName: string) =>
  fc
    .tuple(fc.constantFrom(fullName, ...nameWords(fullName)), fc.integer({ min: 0, max: 5 }))
    .map(
      ([word, variant]) =>
        [word, word.toUpperCase(), word.toLowerCase(), word.normalize('NFD'), `${word}x`, `x${word}`][
          variant
        ]!,
    );

const noisePiece = (fullName: string) =>
  fc.oneof(
    fc.constantFrom(...separators, ...spelledSeparators),
    fc.constantFrom(...nearMisses, ...attackPieces),
    fc.constantFrom(...wordsAndDomains),
    digitRun,
    fc.string({ unit: 'binary', maxLength: 6 }),
    fc.string({ unit: 'grapheme', maxLength: 6 }),
    loneSurrogate,
    nameWordVariant(fullName),
  );

/** Nested repeats: a short sequence of pieces, repeated many times. */
const repeatedPieces = (fullName: string) =>
  fc
    .tuple(fc.array(noisePiece(fullName), { minLength: 1, maxLength: 4 }), fc.integer({ min: 2, max: 400 }))
    .map(([pieces, times]) => pieces.join('').repeat(times));

/** Hostile text of exactly `length` characters (shorter texts are repeated to fill it). */
const hostileText = (fullName: string, length: number) =>
  fc
    .array(
      fc.oneof(
        { weight: 3, arbitrary: noisePiece(fullName) },
        { weight: 1, arbitrary: repeatedPieces(fullName) },
      ),
      {
        minLength: 1,
        maxLength: 40,
      },
    )
    .map((pieces) => {
      const text = pieces.join('') || '-';
      return text.repeat(Math.ceil(length / text.length)).slice(0, length);
    });

const label = fc.stringMatching(/^[a-z][a-z0-9]{1,8}$/);
const emails = fc.oneof(
  fc
    .tuple(
      label,
      fc.constantFrom('.', '_', '+', ''),
      label,
      label,
      fc.constantFrom('com', 'org', 'de', 'io', 'co'),
    )
    .map(([user, joiner, tag, domain, topLevel]) => `${user}${joiner}${tag}@${domain}.${topLevel}`),
  fc
    .tuple(
      label,
      fc.constantFrom(' at ', ' (at) ', '[at]', ' AT '),
      label,
      fc.constantFrom(' dot ', '(dot)', ' [dot] ', '.'),
    )
    .map(([user, at, domain, dot]) => `${user}${at}${domain}${dot}com`),
);
const phones = fc.oneof(
  fc.constantFrom(
    '+49 170 1234567',
    '(555) 123-4567',
    '07700 900123',
    '+1-202-555-0143',
    '202.555.0143',
    '0170/1234567',
    '0049 (0)30 12345678',
  ),
  fc
    .tuple(
      fc.constantFrom('+', '0'),
      fc.array(fc.integer({ min: 10, max: 9999 }), { minLength: 2, maxLength: 4 }),
      fc.constantFrom(' ', '-', '.', ' / '),
    )
    .map(([lead, groups, separator]) => `${lead}${groups.join(separator)}`)
    .filter((phone) => phone.replace(/\D/g, '').length >= 7),
);
const links = fc.oneof(
  fc
    .tuple(fc.constantFrom('https://', 'http://', 'www.', 'HTTPS://'), label, label)
    .map(([scheme, host, path]) => `${scheme}${host}.dev/${path}`),
  fc
    .tuple(fc.constantFrom('linkedin.com/in/', 'github.com/', 't.me/', 'calendly.com/', 'x.com/'), label)
    .map(([site, user]) => `${site}${user}`),
  fc.tuple(label, label).map(([host, path]) => `${host}.example/${path}`),
);
const handles = label.map((user) => `@${user}_${user}`);
const contactDetail = fc.oneof(emails, phones, links, handles);

/** Noise, then contact details set apart by spaces, then noise: `length` characters in all. */
const textWithPlantedDetails = (fullName: string, length: number) =>
  fc
    .tuple(fc.array(contactDetail, { minLength: 1, maxLength: 4 }), hostileText(fullName, length), fc.nat())
    .map(([details, noise, seed]) => {
      const planted = ` ${details.join(' ')} `;
      const room = Math.max(0, length - planted.length);
      const before = seed % (room + 1);
      return { details, text: noise.slice(0, before) + planted + noise.slice(before, room) };
    });

// ─── Checks ─────────────────────────────────────────────────────────────────

function expectNoContactDetailLeft(output: string) {
  for (const piece of unmaskedPieces(output)) {
    for (const [kind, pattern] of Object.entries(leftovers)) {
      expect(pattern.exec(piece)?.[0], `${kind} left in ${JSON.stringify(piece)}`).toBeUndefined();
    }
  }
  expect(handleLeft.exec(output)?.[0], 'handle left').toBeUndefined();
}

function expectNameHidden(output: string, fullName: string, everyWord: boolean) {
  const fullNamePattern = wholeWord(fullName.trim().split(/\s+/u).map(escapeRegExp).join('\\s+'));
  const patterns = everyWord
    ? [fullNamePattern, ...nameWords(fullName).map((word) => wholeWord(escapeRegExp(word)))]
    : [fullNamePattern];
  for (const piece of unmaskedPieces(output)) {
    for (const pattern of patterns)
      expect(pattern.exec(piece)?.[0], `name left in ${JSON.stringify(piece)}`).toBeUndefined();
  }
}

const structuredMaxima = [
  fieldMaxima.location,
  fieldMaxima.companyName,
  fieldMaxima.position,
  fieldMaxima.institution,
  fieldMaxima.fieldOfStudy,
  fieldMaxima.skillName,
  fieldMaxima.certificationName,
  fieldMaxima.issuer,
];

/** One masking of hostile text with everything that must hold of its result. */
function checkMasking(
  mask: (text: string) => string,
  fullName: string,
  text: string,
  everyWord: boolean,
  details: string[] = [],
) {
  const output = runWithin(perCallBound, () => mask(text));
  expectNoContactDetailLeft(output);
  expectNameHidden(output, fullName, everyWord);
  for (const detail of details) expect(output.toLowerCase()).not.toContain(detail.toLowerCase());
  expect(runWithin(perCallBound, () => mask(output))).toBe(output);
}

const withName = <T>(build: (fullName: string) => fc.Arbitrary<T>) =>
  fc.constantFrom(...names).chain((fullName) => fc.tuple(fc.constant(fullName), build(fullName)));

describe('masking hostile text at the maximum field lengths', () => {
  it('descriptions: finishes at once, hides every contact detail and every word of the name, and is stable', () => {
    fc.assert(
      fc.property(
        withName((fullName) => textWithPlantedDetails(fullName, fieldMaxima.description)),
        ([fullName, { details, text }]) =>
          checkMasking(createTextMasker(fullName).narrative, fullName, text, true, details),
      ),
      { numRuns: 150 },
    );
  });

  it('names of things: finishes at once, hides contact details and the full name, and is stable', () => {
    fc.assert(
      fc.property(
        withName((fullName) =>
          fc.constantFrom(...structuredMaxima).chain((length) => textWithPlantedDetails(fullName, length)),
        ),
        ([fullName, { details, text }]) =>
          checkMasking(createTextMasker(fullName).structured, fullName, text, false, details),
      ),
      { numRuns: 300 },
    );
  });

  it('plain hostile text with no planted details: finishes at once and is stable', () => {
    fc.assert(
      fc.property(
        withName((fullName) => hostileText(fullName, fieldMaxima.description)),
        ([fullName, text]) => {
          const { narrative, structured } = createTextMasker(fullName);
          checkMasking(narrative, fullName, text, true);
          checkMasking(structured, fullName, text, false);
        },
      ),
      { numRuns: 150 },
    );
  });
});
