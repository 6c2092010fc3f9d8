import type { JobSeekerProfile } from '@meritmatch/contracts';
import { EmptyState } from '@meritmatch/ui';
import { proficiencyLabel } from './skill-rows';

type Skill = JobSeekerProfile['skills'][number];

/** The profile's skills, each with its level and a delete button. */
export function SkillChips({
  skills,
  deletingId,
  onDelete,
}: {
  skills: readonly Skill[];
  deletingId: string | null;
  onDelete: (skill: Skill) => void;
}) {
  if (skills.length === 0) {
    return (
      <EmptyState
        title="No skills added yet"
        description="Skills are what employers search for first: add a few, with an honest level."
      />
    );
  }
  return (
    <ul className="chips skill-chips" aria-label="Your skills">
      {skills.map((skill) => (
        <li key={skill.id} className={`chip skill-chip skill-chip--${skill.proficiency_level}`}>
          <span className="skill-chip__name">{skill.name}</span>
          <span className="skill-chip__level">{proficiencyLabel(skill.proficiency_level)}</span>
          <button
            type="button"
            className="chip__remove"
            aria-label={`Delete skill ${skill.name}`}
            aria-busy={deletingId === skill.id || undefined}
            disabled={deletingId === skill.id}
            onClick={() => onDelete(skill)}
          >
            <span aria-hidden="true">×</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
