import { type CandidateProjection, hasPreferences, noPreferences } from '@meritmatch/contracts';

/**
 * One copy of each repeated string: skill names, places, job titles, companies, schools and dates
 * come from small vocabularies, but every event parsed from the topic brings its own copy of each.
 * Strings are immutable, so sharing one is invisible to every reader. At most `max` distinct
 * values are kept (values of candidates who left stay until then); past that, a new value is
 * kept as it came.
 */
export class StringPool {
  private readonly strings = new Map<string, string>();

  constructor(private readonly max = 200_000) {}

  intern(value: string): string {
    const known = this.strings.get(value);
    if (known !== undefined) return known;
    if (this.strings.size < this.max) this.strings.set(value, value);
    return value;
  }

  private readonly lowered = new Map<string, string>();

  /** A value lower-cased, interned, and remembered (skill names and places are lower-cased at every search). */
  lower(value: string): string {
    const known = this.lowered.get(value);
    if (known !== undefined) return known;
    const lowered = this.intern(value.toLowerCase());
    if (this.lowered.size < this.max) this.lowered.set(value, lowered);
    return lowered;
  }

  /** A one-value list shared by every candidate with that value (read, never changed). */
  private readonly singles = new Map<string, readonly string[]>();
  /** Skill name → level → the shared skill (two lookups, and no key string built for each skill read). */
  private readonly skills = new Map<string, Map<Skill['proficiencyLevel'], Skill>>();
  /**
   * Each shared skill's number (0, 1, 2… in the order they came), and the skills by number: a
   * ranked search keeps what each skill is worth to it in an array by this number (`SkillRows`).
   */
  private readonly numbers = new Map<Skill, number>();
  private readonly numbered: Skill[] = [];

  /** The number of a skill the pool shares; undefined for one it does not. */
  numberOf(skill: Skill): number | undefined {
    return this.numbers.get(skill);
  }

  /** The shared skill of a number (`numberOf`). */
  skillAt(number: number): Skill {
    const skill = this.numbered[number];
    if (skill === undefined) throw new Error(`no skill numbered ${number}`);
    return skill;
  }

  single(value: string): readonly string[] {
    const known = this.singles.get(value);
    if (known) return known;
    const list = Object.freeze([this.intern(value)]);
    if (this.singles.size < this.max) this.singles.set(value, list);
    return list;
  }

  /** A skill at a level, one frozen object shared by every candidate who has it (there are few of them). */
  skill({ name, proficiencyLevel }: Skill): Skill {
    const levels = this.skills.get(name);
    const known = levels?.get(proficiencyLevel);
    if (known) return known;
    const skill = Object.freeze({ name: this.intern(name), proficiencyLevel });
    if (this.numbered.length >= this.max) return skill;
    this.numbers.set(skill, this.numbered.length);
    this.numbered.push(skill);
    if (levels) levels.set(proficiencyLevel, skill);
    else this.skills.set(name, new Map([[proficiencyLevel, skill]]));
    return skill;
  }
}

export type Skill = CandidateProjection['skills'][number];

/** The numbers of the skills a pool shares (`StringPool`). */
export type SkillNumbers = Pick<StringPool, 'numberOf' | 'skillAt'>;

/** One empty list for every candidate without blocks or certifications (frozen: nobody may add to it). */
const none = Object.freeze([]) as unknown as never[];
const noList = <T>(list: T[]): T[] => (list.length === 0 ? none : list);
/** The preferences of every candidate who set none. */
const noneSet: typeof noPreferences = Object.freeze({ ...noPreferences, workModes: none, countries: none });

/**
 * The projection as the index keeps it: equal in every value and key order (so every answer is the
 * same), with the repeated strings of the small vocabularies shared (`StringPool`), and empty lists
 * and absent preferences shared too. Free text (an experience's description) and ids are left as
 * they came: they seldom repeat, and a pool of them would cost more than it saves.
 */
export function compactProjection(projection: CandidateProjection, pool: StringPool): CandidateProjection {
  const intern = (value: string) => pool.intern(value);
  const maybe = (value: string | null) => (value === null ? null : pool.intern(value));
  return {
    ...projection,
    location: intern(projection.location),
    skills: projection.skills.map((skill) => pool.skill(skill)),
    experiences: noList(
      projection.experiences.map((experience) => ({
        ...experience,
        position: intern(experience.position),
        companyName: intern(experience.companyName),
        startDate: intern(experience.startDate),
        endDate: maybe(experience.endDate),
      })),
    ),
    education: noList(
      projection.education.map((education) => ({
        ...education,
        degree: intern(education.degree),
        fieldOfStudy: maybe(education.fieldOfStudy),
        institution: intern(education.institution),
      })),
    ),
    certifications: noList(
      projection.certifications.map((certification) => ({
        ...certification,
        name: intern(certification.name),
        issuer: intern(certification.issuer),
        issueDate: intern(certification.issueDate),
      })),
    ),
    blockedCompanies: noList(projection.blockedCompanies),
    blockedDomains: noList(projection.blockedDomains),
    preferences: hasPreferences(projection.preferences) ? projection.preferences : noneSet,
  };
}
