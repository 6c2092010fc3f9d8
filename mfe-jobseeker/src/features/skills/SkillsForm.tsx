import { noSkillMessage, type SkillsInput, ZSkillsInput } from '@meritmatch/contracts';
import { Button, Card, SelectField, TextField } from '@meritmatch/ui';
import { contractResolver, Notice } from '@meritmatch/web-kit';
import { useState } from 'react';
import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import type { EntrySection } from '../../shared/useEntrySection';
import { useNameWordCheck } from '../../shared/useNameWordCheck';
import { SkillSuggestions } from './SkillSuggestions';
import {
  blankRow,
  emptySkillRows,
  firstBlankRow,
  namesIn,
  proficiencyOptions,
  type SkillRowsValues,
  skillNameFields,
} from './skill-rows';
import { useSkillSuggestions } from './useSkillSuggestions';

/**
 * Rows of skill name and level (default intermediate). Blank rows are dropped on
 * submit; with no named row at all the form says 'Please add at least one skill'. The row being
 * typed in offers the skills vocabulary's names for its text (a native list: any name is still taken).
 */
const skillListId = 'skill-vocabulary';

export function SkillsForm({ section, existing }: { section: EntrySection; existing: readonly string[] }) {
  const form = useForm({
    resolver: contractResolver<SkillRowsValues, SkillsInput>(ZSkillsInput),
    defaultValues: emptySkillRows(),
  });
  const {
    register,
    handleSubmit,
    reset,
    control,
    getValues,
    setValue,
    setFocus,
    formState: { errors },
  } = form;
  const { fields, append, remove } = useFieldArray({ control, name: 'skills' });
  const rows = useWatch({ control, name: 'skills' });
  const chosen = namesIn([...existing, ...rows.map((row) => row.name)]);
  const { formFeedback } = section;
  const nameWords = useNameWordCheck(form, skillNameFields(fields.length), section.fullName);
  const [typingIn, setTypingIn] = useState(0);
  const offered = useSkillSuggestions(rows[typingIn]?.name ?? '');

  const onSubmit = handleSubmit(
    async (payload) => {
      if (await nameWords.confirmSave()) section.save(payload, () => reset(emptySkillRows()));
    },
    (invalid) => {
      if (invalid.skills?.root || invalid.skills?.message) formFeedback.show(noSkillMessage);
    },
  );

  const pick = (name: string) => {
    formFeedback.clearIfError();
    const blank = firstBlankRow(getValues('skills'));
    if (blank === -1) append(blankRow(name), { shouldFocus: false });
    else setValue(`skills.${blank}.name`, name, { shouldDirty: true });
  };

  return (
    <Card title="Add skills">
      <form className="form" onSubmit={onSubmit} onChange={formFeedback.clearIfError} noValidate>
        <Notice message={formFeedback.message} />
        <p className="small muted skills-intro">
          Add one or more skills with an honest level. Adding a skill you already have updates its level.
        </p>
        <ul className="skill-rows" aria-label="Skills to add">
          {fields.map((field, index) => (
            <li key={field.id} className="skill-row">
              <TextField
                label={`Skill ${index + 1}`}
                placeholder="e.g. Customer Service"
                list={skillListId}
                autoComplete="off"
                onFocus={() => setTypingIn(index)}
                error={errors.skills?.[index]?.name?.message}
                warning={nameWords.warningFor(`skills.${index}.name`)}
                {...register(`skills.${index}.name`)}
              />
              <SelectField
                label={
                  <>
                    Level<span className="visually-hidden"> of skill {index + 1}</span>
                  </>
                }
                options={proficiencyOptions}
                error={errors.skills?.[index]?.proficiencyLevel?.message}
                {...register(`skills.${index}.proficiencyLevel`)}
              />
              {fields.length > 1 ? (
                <Button
                  variant="ghost"
                  size="sm"
                  className="skill-row__remove btn--danger-text"
                  aria-label={`Remove skill row ${index + 1}`}
                  onClick={() => {
                    remove(index);
                    setFocus(`skills.${Math.max(0, index - 1)}.name`);
                  }}
                >
                  Remove
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
        <datalist id={skillListId} data-testid="skill-vocabulary">
          {offered.map(({ name, matched }) => (
            <option key={name} value={name}>
              {matched === name ? undefined : matched}
            </option>
          ))}
        </datalist>
        <div className="form-actions">
          <Button variant="secondary" onClick={() => append(blankRow())}>
            Add another skill
          </Button>
          <Button type="submit" busy={section.saving}>
            {section.saving ? 'Saving…' : 'Save skills'}
          </Button>
        </div>
        <SkillSuggestions chosen={chosen} onPick={pick} />
      </form>
    </Card>
  );
}
