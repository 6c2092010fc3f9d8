import { describe, expect, it } from 'vitest';
import { distinctNameWords, nameWordsIn } from './name-words';

const words = (fullName: string, text: string) => nameWordsIn(fullName, text).map((found) => found.word);

describe('words of the name in a text', () => {
  it('finds each word of the name with where it stands', () => {
    expect(nameWordsIn('Florence Marlowe', 'Marlowe scripting in Florence')).toEqual([
      { word: 'Marlowe', start: 0, end: 7 },
      { word: 'Florence', start: 21, end: 29 },
    ]);
  });

  it('ignores case and accents, on either side, and gives the word as the text has it', () => {
    expect(words('José Núñez', 'jose NUNEZ Nuñez')).toEqual(['jose', 'NUNEZ', 'Nuñez']);
    expect(words('Jose Nunez', 'José Núñez')).toEqual(['José', 'Núñez']);
    // a decomposed accent (e + combining acute) is the same word as a composed one
    expect(words('Zoë Renée', 'Zoe\u0308 and Rene\u0301e')).toEqual(['Zoe\u0308', 'Rene\u0301e']);
    expect(words('İlker Çelik', 'ilker celik')).toEqual(['ilker', 'celik']);
  });

  it('matches whole words only', () => {
    expect(words('Ann Lee', 'Annual planning, Leeds, fleet')).toEqual([]);
    expect(words('Ann Lee', 'Ann: the Lee-side of Ann')).toEqual(['Ann', 'Lee', 'Ann']);
    // digits and underscores separate words too: a letter run is a word
    expect(words('Ann Lee', 'ann2 lee_')).toEqual(['ann', 'lee']);
  });

  it('gives both parts of a hyphenated name, and finds them apart or together', () => {
    expect(words('Anne-Marie Dupont', 'Marie Curie Institute')).toEqual(['Marie']);
    expect(words('Anne-Marie Dupont', 'Anne-Marie’s bakery')).toEqual(['Anne', 'Marie']);
    expect(words('Anne Marie', 'Anne-Marie')).toEqual(['Anne', 'Marie']);
  });

  it('splits at apostrophes and leaves out one-letter words (initials, the O of O’Brien)', () => {
    expect(words("Siobhán O'Brien", 'O’Brien & Sons, O Street')).toEqual(['Brien']);
    expect(nameWordsIn("Siobhán O'Brien", "O'Brien")).toEqual([{ word: 'Brien', start: 2, end: 7 }]);
    expect(words('J. R. Tolkien', 'J R Tolkien Society')).toEqual(['Tolkien']);
    expect(words('J. R. Tolkien', 'Route J')).toEqual([]);
  });

  it('finds nothing for an empty or wordless name, or in an empty text', () => {
    expect(nameWordsIn('', 'Florence')).toEqual([]);
    expect(nameWordsIn('  - . ', 'Florence')).toEqual([]);
    expect(nameWordsIn('A B', 'A B')).toEqual([]);
    expect(nameWordsIn('Florence Marlowe', '')).toEqual([]);
  });

  it('finds a word each time it stands, once per word however often the name has it', () => {
    expect(nameWordsIn('Ford Ford', 'Ford and ford')).toEqual([
      { word: 'Ford', start: 0, end: 4 },
      { word: 'ford', start: 9, end: 13 },
    ]);
  });

  it('reads any script and characters outside the basic plane, offsets in UTF-16 units', () => {
    expect(words('Дмитрий Иванов', 'Иванов и партнёры')).toEqual(['Иванов']);
    const text = '😀 Ada 𝒜 ada';
    const found = nameWordsIn('Ada Lovelace', text);
    expect(found.map(({ start, end }) => text.slice(start, end))).toEqual(['Ada', 'ada']);
  });

  it('treats the name and the text as text, never as a pattern', () => {
    expect(words('.* (a+)+$ Ann', '.* (a+)+$ ann aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!')).toEqual([
      'ann',
    ]);
  });

  it('takes linear time on long texts and names', () => {
    const fullName = Array.from({ length: 200 }, (_, i) => `Name${String.fromCharCode(97 + (i % 26))}x`).join(
      ' ',
    );
    const text = 'lorem ipsum '.repeat(50_000);
    const started = performance.now();
    expect(nameWordsIn(fullName, text)).toEqual([]);
    expect(performance.now() - started).toBeLessThan(2000);
  });
});

describe('distinct words of the name', () => {
  it('keeps each word once, as first written', () => {
    expect(distinctNameWords(nameWordsIn('Ford Prefect', 'Ford, ford, FORD and Prefect'))).toEqual([
      'Ford',
      'Prefect',
    ]);
    expect(distinctNameWords(nameWordsIn('José', 'jose José'))).toEqual(['jose']);
    expect(distinctNameWords([])).toEqual([]);
  });
});
