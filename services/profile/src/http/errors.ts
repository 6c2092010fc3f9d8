import { employerAddressUnconfirmedMessage, jobSeekerMessages } from '@meritmatch/contracts';
import { ApiError, conflict, domainErrorMapper, notFound } from '@meritmatch/service-kit';
import type { EmployerErrorReason } from '../domain/employer-profile';
import type { JobSeekerErrorReason, ProfileList } from '../domain/job-seeker-profile';

const entryLabels: Record<ProfileList, string> = {
  experiences: 'Experience',
  education: 'Education entry',
  certifications: 'Certification',
  skills: 'Skill',
};

/** The profile domain's refusals as the API answers them. */
export const profileErrors = domainErrorMapper<JobSeekerErrorReason | EmployerErrorReason>({
  'profile.not-found': () => notFound('Profile not found. Create your profile first.'),
  'profile.exists': () => conflict('You already have a profile'),
  'profile.no-free-code': () => new ApiError('SERVICE_UNAVAILABLE', jobSeekerMessages.profileFailed),
  'entry.not-found': ({ list }) => notFound(`${entryLabels[list as ProfileList] ?? 'Entry'} not found`),
  'skills.too-many': ({ max }) =>
    new ApiError('VALIDATION_FAILED', `A profile can list at most ${max} skills`),
  'settings.not-ready': () =>
    new ApiError('SERVICE_UNAVAILABLE', 'Profiles cannot be created just now; please try again shortly'),
  'company.not-found': () => notFound('Company profile not found'),
  'company.exists': () => conflict('Your company already has a profile'),
  'company.address-unconfirmed': () => conflict(employerAddressUnconfirmedMessage),
  'verification.not-ready': () =>
    new ApiError('SERVICE_UNAVAILABLE', 'Employers cannot be verified just now; please try again shortly'),
});
