import { zodResolver } from '@hookform/resolvers/zod';
import {
  type JobSeekerProfile,
  jobSeekerMessages,
  latestBirthDate,
  ZProfileInput,
} from '@meritmatch/contracts';
import { Button, SelectField, TextField } from '@meritmatch/ui';
import { errorMessage, type FormMessage } from '@meritmatch/web-session';
import { useEffect } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useProfileWrite } from '../../profile/profile-query';
import {
  ageFor,
  emptyProfileForm,
  genderOptions,
  profileFormValues,
  profilePayload,
  profileUpdateFailed,
} from './personal-details';

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
  const {
    register,
    handleSubmit,
    trigger,
    setFocus,
    control,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(ZProfileInput),
    defaultValues: profile ? profileFormValues(profile) : emptyProfileForm,
  });
  const age = ageFor(useWatch({ control, name: 'dateOfBirth' }));

  // editing replaces the view and its button: start the user in the first field
  const editing = profile !== null;
  useEffect(() => {
    if (editing) setFocus('fullName');
  }, [editing, setFocus]);

  const onSubmit = handleSubmit(async (values) => {
    feedback.clear();
    try {
      const answer = await write(profile ? 'PUT' : 'POST', '/job-seeker/profile', profilePayload(values));
      feedback.show(answer.message);
      onSaved?.();
    } catch (error) {
      feedback.show(errorMessage(error, profile ? profileUpdateFailed : jobSeekerMessages.profileFailed));
    }
  });

  return (
    <form className="form" onSubmit={onSubmit} onChange={feedback.clearIfError} noValidate>
      <div className="grid grid--2">
        <TextField
          label="Full name"
          autoComplete="name"
          required
          error={errors.fullName?.message}
          {...register('fullName')}
        />
        <TextField
          label="Phone"
          type="tel"
          autoComplete="tel"
          hint="Optional. Only the MeritMatch team can see it."
          error={errors.phone?.message}
          {...register('phone')}
        />
        <TextField
          label="Location"
          autoComplete="address-level2"
          placeholder="e.g. Lisbon, Portugal"
          required
          error={errors.location?.message}
          {...register('location')}
        />
        <TextField
          label="Date of birth"
          type="date"
          max={latestBirthDate()}
          required
          hint={age === null ? 'You must be at least 16 years old.' : `Age: ${age}`}
          error={errors.dateOfBirth?.message}
          {...register('dateOfBirth', { onChange: () => void trigger('dateOfBirth') })}
        />
        <SelectField
          label="Gender"
          placeholder="Not specified"
          options={genderOptions}
          hint="Optional."
          error={errors.gender?.message}
          {...register('gender')}
        />
      </div>
      <div className="form-actions">
        <Button type="submit" busy={isSubmitting}>
          {isSubmitting ? 'Saving…' : profile ? 'Save changes' : 'Create Profile'}
        </Button>
        {onCancel ? (
          <Button variant="secondary" onClick={onCancel} disabled={isSubmitting}>
            Cancel
          </Button>
        ) : null}
      </div>
    </form>
  );
}
