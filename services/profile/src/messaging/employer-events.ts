import { ZEmployerErased, ZEmployerProfileChanged } from '@meritmatch/contracts';
import { buildEvent, type Clock } from '@meritmatch/service-kit';
import type { EmployerProfile } from '../domain/employer-profile';

/** The employer's company and verification, for matching (the gate) and admin (the views). */
export const employerProfileChanged = (profile: EmployerProfile, clock?: Clock) =>
  buildEvent(ZEmployerProfileChanged, {
    type: 'employer.profile-changed',
    version: 1,
    aggregateId: profile.userId,
    source: 'profile',
    ...(clock ? { clock } : {}),
    data: {
      employerId: profile.userId,
      companyName: profile.companyName,
      industry: profile.industry,
      companySize: profile.companySize,
      website: profile.website,
      verified: profile.verified,
      version: profile.version,
      updatedAt: profile.updatedAt.toISOString(),
    },
  });

/** The employer was erased: the last event of its key, so that compaction removes every snapshot. */
export const employerErased = (
  { employerId, erasedAt }: { employerId: string; erasedAt: Date },
  clock?: Clock,
) =>
  buildEvent(ZEmployerErased, {
    type: 'employer.erased',
    version: 1,
    aggregateId: employerId,
    source: 'profile',
    ...(clock ? { clock } : {}),
    data: { employerId, erasedAt: erasedAt.toISOString() },
  });
