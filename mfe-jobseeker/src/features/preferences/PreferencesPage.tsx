import {
  currencies,
  type JobPreferences,
  maxNoticeWeeks,
  preferencesTexts as texts,
  workModeLabels,
  workModes,
  ZJobPreferences,
} from '@meritmatch/contracts';
import { Card, CheckboxField, FormActions, SelectField, TextField } from '@meritmatch/ui';
import { contractResolver, Loaded, Notice } from '@meritmatch/web-kit';
import { errorMessage, useFormMessage } from '@meritmatch/web-session';
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { CountryPicker } from './CountryPicker';
import { type PreferencesValues, toPayload, toValues } from './preferences-form';
import { usePreferences, useSavePreferences } from './preferences-query';

const currencyOptions = currencies.map((currency) => ({ value: currency, label: currency }));

/**
 * /job-seeker/preferences: the private job preferences (work modes, countries, notice, minimum
 * salary), read with GET and saved whole with PUT /job-seeker/preferences. Employers never see
 * them: matching only leaves the candidate out of a position whose terms they refuse.
 */
export function PreferencesPage() {
  const query = usePreferences();
  return (
    <Card title={texts.title}>
      <div className="stack" data-testid="preferences">
        <p className="preferences__private">{texts.privacy}</p>
        <Loaded query={query} loading={texts.loading} failed={texts.loadFailed}>
          {(preferences) => <PreferencesForm saved={preferences} />}
        </Loaded>
      </div>
    </Card>
  );
}

function PreferencesForm({ saved }: { saved: JobPreferences }) {
  const form = useForm<PreferencesValues, unknown, JobPreferences>({
    resolver: contractResolver<PreferencesValues, JobPreferences>(ZJobPreferences, toPayload),
    defaultValues: toValues(saved),
  });
  const {
    register,
    handleSubmit,
    reset,
    setValue,
    control,
    formState: { errors },
  } = form;
  const countries = useWatch({ control, name: 'countries' });
  const save = useSavePreferences();
  const feedback = useFormMessage();
  const busy = save.isPending;
  const hintIds = { workModes: `work-modes-${useId()}`, salary: `minimum-salary-${useId()}` };

  const onSubmit = handleSubmit((preferences) => {
    feedback.clear();
    save.mutate(preferences, {
      onSuccess: (answer) => {
        reset(toValues(answer.preferences));
        feedback.show(answer.message);
      },
      onError: (error) => feedback.show(errorMessage(error, texts.saveFailed)),
    });
  });

  return (
    <form
      className="form preferences"
      aria-label={texts.title}
      onSubmit={onSubmit}
      onChange={feedback.clearIfError}
      noValidate
    >
      <Notice message={feedback.message} />
      <fieldset className="preferences__group" aria-describedby={hintIds.workModes}>
        <legend className="preferences__legend">{texts.workModes}</legend>
        <div className="preferences__modes">
          {workModes.map((mode) => (
            <CheckboxField
              key={mode}
              label={workModeLabels[mode]}
              value={mode}
              disabled={busy}
              {...register('workModes')}
            />
          ))}
        </div>
        <p className="small muted" id={hintIds.workModes}>
          {texts.workModesHint}
        </p>
        {errors.workModes?.message ? (
          <p className="field__error" role="alert">
            {errors.workModes.message}
          </p>
        ) : null}
      </fieldset>

      <CountryPicker
        chosen={countries}
        disabled={busy}
        error={errors.countries?.message}
        onChange={(next) => {
          feedback.clearIfError();
          setValue('countries', next, { shouldDirty: true });
        }}
      />

      <TextField
        label={texts.noticeWeeks}
        hint={texts.noticeWeeksHint}
        type="number"
        inputMode="numeric"
        min={0}
        max={maxNoticeWeeks}
        step={1}
        disabled={busy}
        error={errors.noticeWeeks?.message}
        {...register('noticeWeeks')}
      />

      <fieldset className="preferences__group" aria-describedby={hintIds.salary}>
        <legend className="preferences__legend">{texts.minimumSalary}</legend>
        <div className="preferences__salary">
          <TextField
            label="Amount per year"
            inputMode="numeric"
            autoComplete="off"
            placeholder="e.g. 65000"
            disabled={busy}
            error={errors.minimumSalary?.amount?.message ?? errors.minimumSalary?.message}
            {...register('minimumSalary.amount')}
          />
          <SelectField
            label={texts.currency}
            options={currencyOptions}
            disabled={busy}
            error={errors.minimumSalary?.currency?.message}
            {...register('minimumSalary.currency')}
          />
        </div>
        <p className="small muted" id={hintIds.salary}>
          {texts.minimumSalaryHint}
        </p>
      </fieldset>

      <FormActions busy={busy}>{busy ? 'Saving…' : texts.save}</FormActions>
    </form>
  );
}
