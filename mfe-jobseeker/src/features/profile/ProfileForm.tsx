import {
  type JobSeekerProfile,
  jobSeekerMessages,
  latestBirthDate,
  type ProfileInput,
  ZProfileInput,
} from '@meritmatch/contracts';
import { FormActions, SelectField, TextField } from '@meritmatch/ui';
import { contractResolver, fieldsOf } from '@meritmatch/web-kit';
import { errorMessage, type FormMessage } from '@meritmatch/web-session';
import { useEffect } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useProfileWrite } from '../../profile/profile-query';
import { useNameWordCheck } from '../../shared/useNameWordCheck';
import {
  ageFor,
  emptyProfileForm,
  genderOptions,
  type ProfileFormValues,
  profileFormValues,
  profilePayload,
  profileUpdateFailed,
} from './personal-details';

/** Of the personal basics, employers see the location only. */
const employerSees = [{ name: 'location', label: 'Location' }] as const;

/**
 * The personal basics: creates the profile (POST) when there is none, else edits it (PUT).
 * The age shows as soon as a birth date is chosen, and an under-16 date is refused at once.
 */
export function ProfileForm({
  profile,
  feedback,
  onSaved,
  onCancel,
}: {
  profile: JobSeekerProfile | null;
  feedback: FormMessage;
  onSaved?: () => void;
  onCancel?: () => void;
}) {
  const write = useProfileWrite();
  const form = useForm({
    resolver: contractResolver<ProfileFormValues, ProfileInput>(ZProfileInput),
    defaultValues: profile ? profileFormValues(profile) : emptyProfileForm,
  });
  const { handleSubmit, trigger, setFocus, control } = form;
  const field = fieldsOf(form);
  const busy = write.isPending;
  const age = ageFor(useWatch({ control, name: 'dateOfBirth' }));
  // the name as typed here: a new profile has no other
  const nameWords = useNameWordCheck(form, employerSees, useWatch({ control, name: 'fullName' }));

  // editing replaces the view and its button: start the user in the first field
  const editing = profile !== null;
  useEffect(() => {
    if (editing) setFocus('fullName');
  }, [editing, setFocus]);

  const onSubmit = handleSubmit(async (values) => {
    if (!(await nameWords.confirmSave())) return;
    feedback.clear();
    write.mutate(
      { method: profile ? 'PUT' : 'POST', path: '/job-seeker/profile', body: profilePayload(values) },
      {
        onSuccess: (answer) => {
          feedback.show(answer.message);
          onSaved?.();
        },
        onError: (error) =>
          feedback.show(errorMessage(error, profile ? profileUpdateFailed : jobSeekerMessages.profileFailed)),
      },
    );
  });

  return (
    <form className="form" onSubmit={onSubmit} onChange={feedback.clearIfError} noValidate>
      <div className="grid grid--2">
        <TextField label="Full name" autoComplete="name" required {...field('fullName')} />
        <TextField
          label="Phone"
          type="tel"
          autoComplete="tel"
          hint="Optional. Only the MeritMatch team can see it."
          {...field('phone')}
        />
        <TextField
          label="Location"
          autoComplete="address-level2"
          placeholder="e.g. Lisbon, Portugal"
          required
          {...field('location')}
          warning={nameWords.warningFor('location')}
        />
        <TextField
          label="Date of birth"
          type="date"
          max={latestBirthDate()}
          required
          hint={age === null ? 'You must be at least 16 years old.' : `Age: ${age}`}
          {...field('dateOfBirth', { onChange: () => void trigger('dateOfBirth') })}
        />
        <SelectField
          label="Gender"
          placeholder="Not specified"
          options={genderOptions}
          hint="Optional."
          {...field('gender')}
        />
      </div>
      <FormActions busy={busy} onCancel={onCancel}>
        {busy ? 'Saving…' : profile ? 'Save changes' : 'Create Profile'}
      </FormActions>
    </form>
  );
}
