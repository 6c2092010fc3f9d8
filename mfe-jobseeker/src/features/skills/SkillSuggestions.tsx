import { skillSuggestions } from '@meritmatch/contracts';
import { useId, useState } from 'react';
import { isChosen } from './skill-rows';

/** Suggested skills by category; a click adds one to the form. */
export function SkillSuggestions({
  chosen,
  onPick,
}: {
  chosen: Set<string>;
  onPick: (name: string) => void;
}) {
  const [category, setCategory] = useState(skillSuggestions[0]!.category);
  const headingId = useId();
  const current = skillSuggestions.find((group) => group.category === category) ?? skillSuggestions[0]!;
  return (
    <section className="suggestions" aria-labelledby={headingId} data-testid="skill-suggestions">
      <h3 id={headingId} className="suggestions__title">
        Suggested skills
      </h3>
      <p className="small muted">Pick a category, then click a skill to add it to the form.</p>
      <fieldset className="suggestions__categories">
        <legend className="visually-hidden">Categories</legend>
        {skillSuggestions.map((group) => (
          <button
            key={group.category}
            type="button"
            className="category-button"
            aria-pressed={group.category === category}
            onClick={() => setCategory(group.category)}
          >
            {group.category}
          </button>
        ))}
      </fieldset>
      <ul className="chips suggestions__skills" aria-label={`${current.category} skills`}>
        {current.skills.map((skill) => {
          const taken = isChosen(chosen, skill);
          return (
            <li key={skill}>
              <button
                type="button"
                className="chip chip--suggestion"
                disabled={taken}
                onClick={() => onPick(skill)}
              >
                <span aria-hidden="true">{taken ? '✓' : '+'}</span>
                {skill}
                {taken ? <span className="visually-hidden"> (already added)</span> : null}
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
