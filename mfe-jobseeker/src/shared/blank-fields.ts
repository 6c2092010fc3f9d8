/**
 * A form of text fields, all blank, and its type: `blankFields('name', 'issuer')` is
 * `{ name: '', issuer: '' }` of type `Record<'name' | 'issuer', string>`.
 */
export const blankFields = <Name extends string>(...names: Name[]) =>
  Object.fromEntries(names.map((name) => [name, ''])) as Record<Name, string>;
