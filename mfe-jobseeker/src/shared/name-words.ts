import { distinctNameWords, nameWordsIn } from '@meritmatch/contracts';

/**
 * Words of the job seeker's name in what employers see. Names of things
 * hide the full name only, so a first or last name alone in a skill, a company or a place
 * reaches employers; the screens say so, and the choice stays the job seeker's.
 */

/** A field employers see: where the form holds it, and its label as the form shows it. */
export type EmployerSeenField<Name extends string = string> = { name: Name; label: string };

/** A field whose text holds words of the name, each once. */
export type NameWordsFound<Name extends string = string> = EmployerSeenField<Name> & { words: string[] };

/** `A`, `A and B`, `A, B and C`. */
const listed = (items: readonly string[]) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;

const quoted = (words: readonly string[]) => listed(words.map((word) => `"${word}"`));

/** The fields among `fields` whose text (`textOf`) holds a word of `fullName`, in their order. */
export function nameWordsInFields<Name extends string>(
  fullName: string,
  fields: readonly EmployerSeenField<Name>[],
  textOf: (name: Name) => string,
): NameWordsFound<Name>[] {
  return fields
    .map((field) => ({ ...field, words: distinctNameWords(nameWordsIn(fullName, textOf(field.name))) }))
    .filter((found) => found.words.length > 0);
}

/** Under a field: `"Florence" is part of your name. Employers will see it here.` */
export const nameWordWarning = (words: readonly string[]) =>
  words.length === 1
    ? `${quoted(words)} is part of your name. Employers will see it here.`
    : `${quoted(words)} are part of your name. Employers will see them here.`;

/** The question asked on saving a form that holds words of the name. */
export const nameWordConfirmation = {
  title: 'Employers will see part of your name',
  confirmLabel: 'Save anyway',
  cancelLabel: 'Go back and edit',
  /** `"Florence" in Company name and "Marlowe" in Skill 1 are part of your name, and employers will see them.` */
  message: (found: readonly NameWordsFound[]) => {
    const one = found.length === 1 && found[0]!.words.length === 1;
    const where = listed(found.map((field) => `${quoted(field.words)} in ${field.label}`));
    return `${where} ${one ? 'is' : 'are'} part of your name, and employers will see ${one ? 'it' : 'them'}.`;
  },
} as const;
