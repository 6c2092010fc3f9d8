import { type Proficiency, proficiencyLevels } from '@meritmatch/contracts';

export type SkillRow = { name: string; proficiencyLevel: Proficiency };
export type SkillRowsValues = { skills: SkillRow[] };

export const blankRow = (name = ''): SkillRow => ({ name, proficiencyLevel: 'intermediate' });
export const emptySkillRows = (): SkillRowsValues => ({ skills: [blankRow()] });

export const proficiencyLabel = (level: Proficiency) => level.charAt(0).toUpperCase() + level.slice(1);
export const proficiencyOptions = proficiencyLevels.map((level) => ({
  value: level,
  label: proficiencyLabel(level),
}));

const key = (name: string) => name.trim().toLowerCase();

/** Names already chosen, in the rows or on the profile, compared without case. */
export const namesIn = (names: readonly string[]) => new Set(names.map(key).filter(Boolean));
export const isChosen = (chosen: Set<string>, name: string) => chosen.has(key(name));

/** Where a clicked suggestion goes: the first blank row, else a new row (-1). */
export const firstBlankRow = (rows: readonly { name: string }[]) =>
  rows.findIndex((row) => row.name.trim() === '');

/** Every row's name is shown to employers as typed, labelled as on the form: 'Skill 1', … */
export const skillNameFields = (count: number) =>
  Array.from({ length: count }, (_, index) => ({
    name: `skills.${index}.name` as const,
    label: `Skill ${index + 1}`,
  }));
