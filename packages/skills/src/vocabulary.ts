/** One vocabulary entry as the data files hold it: `[id, label, alternative labels?]`. */
export type VocabularyEntry = readonly [id: string, label: string, altLabels?: readonly string[]];

/** A skill of the vocabulary: a stable id, the name the product shows, and the other names it goes by. */
export type Skill = {
  id: string;
  /** The name the product shows and a picked suggestion fills in. */
  name: string;
  /** The source's preferred label ("Python (computer programming)"); often the same as `name`. */
  label: string;
  /** Every other name, the source's and ours ("Python", "Python 3K"). */
  altLabels: readonly string[];
};

/** A suggestion while typing: the skill, and which of its names the text matched. */
export type SkillSuggestion = { id: string; name: string; matched: string };

/** Case, accents' composed forms and runs of spaces aside: the form in which names are compared. */
export const normalSkillName = (name: string) =>
  name.normalize('NFKC').trim().toLowerCase().replace(/\s+/g, ' ');

/** Merges entries with the same id (a source's, then our additions to it): one label, every alt label once. */
export function mergeEntries(...lists: readonly (readonly VocabularyEntry[])[]): VocabularyEntry[] {
  const byId = new Map<string, { label: string; alts: string[] }>();
  for (const list of lists) {
    for (const [id, label, alts = []] of list) {
      const known = byId.get(id);
      if (known) known.alts.push(...alts);
      else byId.set(id, { label, alts: [...alts] });
    }
  }
  return [...byId].map(([id, { label, alts }]) => {
    const seen = new Set([normalSkillName(label)]);
    const unique = alts.filter((alt) => {
      const key = normalSkillName(alt);
      if (!key || seen.has(key)) return false;
      seen.add(key);
      return true;
    });
    return [id, label, unique] as const;
  });
}

/**
 * "Python (computer programming)" is shown as "Python" when "Python" is one of its own names: the
 * qualifier tells ESCO's concepts apart, and a profile's skill list reads better without it.
 */
function shownName(label: string, altLabels: readonly string[]) {
  const bare = /^(.+?) \([^)]*\)$/.exec(label)?.[1];
  if (bare && altLabels.some((alt) => normalSkillName(alt) === normalSkillName(bare))) return bare;
  return label;
}

/** How well a name matches typed text: lower is better; undefined when it does not. */
function rank(name: string, text: string) {
  if (name === text) return 0;
  if (name.startsWith(text)) return 1;
  if (name.includes(` ${text}`) || name.includes(`-${text}`) || name.includes(`(${text}`)) return 2;
  if (text.length >= 3 && name.includes(text)) return 3;
  return undefined;
}

/**
 * The skills vocabulary, in memory: names to skills (a name may name more than one), suggestions
 * while typing, and the synonyms of a search term. Built once from the data files (about 7,000
 * skills, a few MB of memory) by `skillVocabulary()`.
 */
export class SkillVocabulary {
  private readonly skills: Skill[];
  private readonly byName = new Map<string, Skill[]>();
  /** Every skill's names, normalized, in the skills' order, for the scan behind suggestions. */
  private readonly names: { skill: Skill; name: string; isLabel: boolean }[] = [];

  constructor(entries: readonly VocabularyEntry[]) {
    this.skills = entries.map(([id, label, altLabels = []]) => ({
      id,
      name: shownName(label, altLabels),
      label,
      altLabels,
    }));
    for (const skill of this.skills) {
      const names = [skill.name, skill.label, ...skill.altLabels].map(normalSkillName);
      for (const [index, name] of [...new Set(names)].entries()) {
        const named = this.byName.get(name);
        if (named) named.push(skill);
        else this.byName.set(name, [skill]);
        this.names.push({ skill, name, isLabel: index === 0 });
      }
    }
  }

  get size() {
    return this.skills.length;
  }

  /** The skills whose name, label or alternative label is `name` (case and spacing aside). */
  named(name: string): readonly Skill[] {
    return this.byName.get(normalSkillName(name)) ?? [];
  }

  /**
   * Suggestions for typed text, best first: a name equal to it, then names starting with it, then
   * names with a word starting with it, then (from three letters) names containing it. Among
   * equals, a skill's own name before its other names, shorter before longer, then by name and id:
   * the same text always gives the same list.
   */
  suggest(text: string, limit = 8): SkillSuggestion[] {
    const typed = normalSkillName(text);
    if (!typed) return [];
    const best = new Map<string, { skill: Skill; name: string; rank: number; isLabel: boolean }>();
    for (const { skill, name, isLabel } of this.names) {
      const found = rank(name, typed);
      if (found === undefined) continue;
      const known = best.get(skill.id);
      if (!known || found < known.rank || (found === known.rank && isLabel && !known.isLabel)) {
        best.set(skill.id, { skill, name, rank: found, isLabel });
      }
    }
    const originalOf = (skill: Skill, name: string) =>
      [skill.name, skill.label, ...skill.altLabels].find(
        (candidate) => normalSkillName(candidate) === name,
      ) ?? skill.name;
    return [...best.values()]
      .sort(
        (a, b) =>
          a.rank - b.rank ||
          Number(b.isLabel) - Number(a.isLabel) ||
          a.name.length - b.name.length ||
          a.skill.name.localeCompare(b.skill.name) ||
          a.skill.id.localeCompare(b.skill.id),
      )
      .slice(0, limit)
      .map(({ skill, name }) => ({ id: skill.id, name: skill.name, matched: originalOf(skill, name) }));
  }

  /**
   * What a search term also means: every name (normalized) of every skill the term names, the term
   * itself first. A term that names no skill means only itself. "JS" gives "js", "javascript",
   * "ecmascript", "es6"…; "JavaScript" gives the same, so each finds the other.
   */
  synonyms(term: string): string[] {
    const typed = normalSkillName(term);
    const names = [typed];
    for (const skill of this.named(typed)) {
      names.push(...[skill.name, skill.label, ...skill.altLabels].map(normalSkillName));
    }
    return [...new Set(names)];
  }
}
