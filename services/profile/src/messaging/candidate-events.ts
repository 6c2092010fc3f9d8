import { ZCandidateProfileChanged } from '@meritmatch/contracts';
import { buildEvent, type Clock } from '@meritmatch/service-kit';
import type { JobSeekerProfile } from '../domain/job-seeker-profile';
import { anonymousProjection } from '../domain/projection';

export const candidateProfileChanged = (profile: JobSeekerProfile, clock?: Clock) =>
  buildEvent(ZCandidateProfileChanged, {
    type: 'candidate.profile-changed',
    version: 3,
    aggregateId: profile.candidateId,
    source: 'profile',
    ...(clock ? { clock } : {}),
    data: anonymousProjection(profile),
  });
