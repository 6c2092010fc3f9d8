import curated from '../data/curated.json' with { type: 'json' };
import vocabulary from '../data/vocabulary.json' with { type: 'json' };
import { mergeEntries, SkillVocabulary } from './vocabulary';

export {
  mergeEntries,
  normalSkillName,
  type Skill,
  type SkillSuggestion,
  SkillVocabulary,
  type VocabularyEntry,
} from './vocabulary';

let loaded: SkillVocabulary | undefined;

/**
 * The product's skills vocabulary (data/vocabulary.json from ESCO and O*NET, with our additions in
 * data/curated.json merged by id; ATTRIBUTION.md), built on first use and shared by the process.
 */
export function skillVocabulary(): SkillVocabulary {
  loaded ??= new SkillVocabulary(mergeEntries(vocabulary, curated));
  return loaded;
}
