import {
  ageOn,
  genderLabels,
  type genders,
  type JobSeekerProfile,
  type ProfileInput,
} from '@meritmatch/contracts';

/** The form holds text only; ZProfileInput turns blanks into absent values. */
export type ProfileFormValues = {
  fullName: string;
  phone: string;
  location: string;
  dateOfBirth: string;
  gender: string;
};

export const genderOptions = (Object.keys(genderLabels) as (typeof genders)[number][]).map((value) => ({
  value,
  label: genderLabels[value],
}));

export const emptyProfileForm = {
  fullName: '',
  phone: '',
  location: '',
  dateOfBirth: '',
  gender: '',
} satisfies ProfileFormValues;

export const profileFormValues = (profile: JobSeekerProfile): ProfileFormValues => ({
  fullName: profile.full_name,
  phone: profile.phone ?? '',
  location: profile.location,
  dateOfBirth: profile.date_of_birth,
  gender: profile.gender ?? '',
});

/** The age for a complete `YYYY-MM-DD` date, else null (nothing chosen yet). */
export function ageFor(dateOfBirth: unknown): number | null {
  if (typeof dateOfBirth !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(dateOfBirth)) return null;
  const age = ageOn(dateOfBirth, new Date());
  return Number.isFinite(age) && age >= 0 ? age : null;
}

/** What the API receives: blank optional fields are left out. */
export const profilePayload = (values: ProfileInput) => ({
  fullName: values.fullName,
  location: values.location,
  dateOfBirth: values.dateOfBirth,
  ...(values.phone ? { phone: values.phone } : {}),
  ...(values.gender ? { gender: values.gender } : {}),
});

export const profileUpdateFailed = 'Error updating profile';
