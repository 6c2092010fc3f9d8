import { countryOptions, type Position, type PositionFields, positionMessages } from '@meritmatch/contracts';
import { Button, SelectField, TextAreaField, TextField } from '@meritmatch/ui';
import { Modal } from '@meritmatch/ui/dialogs';
import { fieldsOf, Notice } from '@meritmatch/web-kit';
import { errorMessage, useFormMessage } from '@meritmatch/web-session';
import { useEffect, useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { showServerFieldErrors } from '../../shared/server-field-errors';
import {
  currencyOptions,
  educationLevelOptions,
  emptyPositionForm,
  experienceLevelOptions,
  type PositionFormValues,
  positionFormValues,
  positionResolver,
  workModeOptions,
} from './position-form';
import { useCreatePosition, useUpdatePosition } from './positions-query';
import { useSkillSuggestions } from './useSkillSuggestions';

/** What the dialog edits: a new position, one of the list, or nothing (closed). */
export type PositionEdit = { kind: 'new' } | { kind: 'edit'; position: Position } | null;

/**
 * Creates or edits a position in a dialog (focus starts in Title, Escape leaves, focus goes back
 * to the button that opened it). A saved position closes the dialog and `onSaved` says so on the page.
 */
export function PositionDialog({
  edit,
  onClose,
  onSaved,
}: {
  edit: PositionEdit;
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const position = edit?.kind === 'edit' ? edit.position : null;
  return (
    <Modal
      open={edit !== null}
      onOpenChange={(open) => !open && onClose()}
      size="lg"
      title={position ? `Edit ${position.title}` : 'New position'}
      description="Candidates see the title, work mode, place, salary band and which of their skills match when a request names the position."
    >
      {/* keyed: another position starts from its own terms */}
      {edit ? (
        <PositionForm key={position?.id ?? 'new'} position={position} onClose={onClose} onSaved={onSaved} />
      ) : null}
    </Modal>
  );
}

type SkillsField = 'mustHave' | 'niceToHave';

function PositionForm({
  position,
  onClose,
  onSaved,
}: {
  position: Position | null;
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const create = useCreatePosition();
  const update = useUpdatePosition();
  const saving = create.isPending || update.isPending;
  const feedback = useFormMessage();
  const form = useForm<PositionFormValues, unknown, PositionFields>({
    resolver: positionResolver,
    defaultValues: position ? positionFormValues(position) : emptyPositionForm,
  });
  const { handleSubmit, control, setFocus } = form;
  const field = fieldsOf(form);
  const workMode = useWatch({ control, name: 'workMode' });
  const remote = workMode === 'remote';
  const [typingIn, setTypingIn] = useState<SkillsField>('mustHave');
  const offered = useSkillSuggestions(useWatch({ control, name: typingIn }));
  const listIds = { mustHave: useId(), niceToHave: useId() };
  useEffect(() => setFocus('title'), [setFocus]);

  const saved = (answer: { message: string }) => {
    onSaved(answer.message);
    onClose();
  };
  const refused = (error: unknown) => {
    if (!showServerFieldErrors(form, error)) feedback.show(errorMessage(error, positionMessages.failed));
  };
  const submit = handleSubmit((fields) => {
    feedback.clear();
    if (position) update.mutate({ id: position.id, fields }, { onSuccess: saved, onError: refused });
    else create.mutate(fields, { onSuccess: saved, onError: refused });
  });

  const skillsField = (name: SkillsField) => ({
    list: listIds[name],
    autoComplete: 'off',
    maxLength: 1300,
    onFocus: () => setTypingIn(name),
    ...field(name),
  });

  return (
    <form className="form" onSubmit={submit} onChange={feedback.clearIfError} noValidate>
      <Notice message={feedback.message} />
      <TextField
        label="Title"
        required
        maxLength={120}
        placeholder="e.g. Backend Engineer"
        {...field('title')}
      />
      <TextAreaField
        label="Description"
        required
        rows={5}
        maxLength={5000}
        placeholder="What the role does, the team, and what you offer"
        {...field('description')}
      />
      <div className="grid grid--2">
        <SelectField label="Work mode" required options={workModeOptions} {...field('workMode')} />
        <TextField
          label="Can start within (weeks)"
          inputMode="numeric"
          placeholder="Optional"
          hint="Leave empty if the start date is open."
          maxLength={3}
          {...field('startWithinWeeks')}
        />
        <TextField
          label="Location"
          required={!remote}
          maxLength={120}
          placeholder="e.g. Hamburg"
          hint={remote ? 'Optional for remote work.' : undefined}
          {...field('location')}
        />
        <SelectField
          label="Country"
          required={!remote}
          placeholder={remote ? 'Any country' : 'Select a country'}
          options={countryOptions()}
          hint={remote ? 'For remote work, the one country it is open to, if any.' : undefined}
          {...field('country')}
        />
      </div>
      <fieldset className="employer-fieldset employer-salary">
        <legend className="field__label">
          Salary per year
          <span className="field__required" aria-hidden="true">
            {' '}
            *
          </span>
        </legend>
        <div className="grid grid--3">
          <TextField
            label="Minimum"
            inputMode="numeric"
            required
            placeholder="e.g. 60000"
            {...field('salary.min')}
          />
          <TextField
            label="Maximum"
            inputMode="numeric"
            required
            placeholder="e.g. 80000"
            {...field('salary.max')}
          />
          <SelectField label="Currency" required options={currencyOptions} {...field('salary.currency')} />
        </div>
      </fieldset>
      <TextField
        label="Must-have skills"
        required
        placeholder="e.g. Kotlin, PostgreSQL"
        hint="Separate skills with commas; candidates must have all of them."
        {...skillsField('mustHave')}
      />
      <TextField
        label="Nice-to-have skills"
        placeholder="e.g. Kubernetes, GraphQL"
        hint="Separate skills with commas; they rank candidates and filter nobody out."
        {...skillsField('niceToHave')}
      />
      {(['mustHave', 'niceToHave'] as const).map((name) => (
        <datalist key={name} id={listIds[name]} data-testid={`skill-vocabulary-${name}`}>
          {name === typingIn
            ? offered.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))
            : null}
        </datalist>
      ))}
      <div className="grid grid--2">
        <SelectField label="Experience level" options={experienceLevelOptions} {...field('experience')} />
        <SelectField label="Education level" options={educationLevelOptions} {...field('education')} />
      </div>
      <div className="dialog__actions">
        <Button variant="secondary" onClick={onClose} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" busy={saving}>
          {saving ? 'Saving…' : position ? 'Save changes' : 'Create position'}
        </Button>
      </div>
    </form>
  );
}
