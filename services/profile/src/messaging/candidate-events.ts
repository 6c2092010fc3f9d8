import { ZCandidateErased, ZCandidateProfileChanged } from '@meritmatch/contracts';
import { buildEvent, type Clock } from '@meritmatch/service-kit';
import type { JobSeekerProfile } from '../domain/job-seeker-profile';
import { anonymousProjection } from '../domain/projection';

export const candidateProfileChanged = (profile: JobSeekerProfile, clock?: Clock) =>
  buildEvent(ZCandidateProfileChanged, {
    type: 'candidate.profile-changed',
    version: 4,
    aggregateId: profile.candidateId,
    source: 'profile',
    ...(clock ? { clock } : {}),
    data: anonymousProjection(profile),
  });

/** The candidate was erased: the last event of its key, so that compaction removes every projection. */
export const candidateErased = (
  { candidateId, ownerUserId, erasedAt }: { candidateId: string; ownerUserId: string; erasedAt: Date },
  clock?: Clock,
) =>
  buildEvent(ZCandidateErased, {
    type: 'candidate.erased',
    version: 1,
    aggregateId: candidateId,
    source: 'profile',
    ...(clock ? { clock } : {}),
    data: { candidateId, ownerUserId, erasedAt: erasedAt.toISOString() },
  });
