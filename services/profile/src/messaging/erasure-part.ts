import { candidatesTopic, type ErasureRequested, employersTopic } from '@meritmatch/contracts';
import {
  type Clock,
  type Platform,
  publishNow,
  startErasurePart,
  systemClock,
} from '@meritmatch/service-kit';
import type { AccessErasure } from '../data/access-erasure';
import type { EmailConfirmations } from '../data/email-confirmations';
import type { EmployerProfileData } from '../data/employer-profiles';
import type { ErasureReceipts } from '../data/erasure-receipts';
import type { JobSeekerProfileData } from '../data/job-seeker-profiles';
import { removeOncePublished } from '../data/remove-published';
import { candidateErased } from './candidate-events';
import { employerErased } from './employer-events';

export type ProfileErasureDeps = {
  platform: Pick<Platform, 'guard' | 'publishOutbox' | 'producer' | 'topic'>;
  profiles: Pick<JobSeekerProfileData, 'store' | 'model' | 'forgetCandidateKey'>;
  employerProfiles: Pick<EmployerProfileData, 'store' | 'model'>;
  confirmations: Pick<EmailConfirmations, 'forget'>;
  access: AccessErasure;
  receipts: ErasureReceipts;
  clock?: Clock;
};

/**
 * The profile service's part of an erasure (docs/decisions/0004-account-erasure.md): everything
 * it holds of the person goes, and the compacted topic gets the marker that ends the key.
 * The order makes it idempotent and safe to stop anywhere: first the receipt (ids only, the one
 * remain), then the data, then the marker, published from the receipt, so that a second run after
 * a crash, which finds no profile any more, still publishes it. Asked again, it deletes nothing
 * more and publishes the same marker again (a consumer of the marker is idempotent).
 */
export function createProfileErasure({
  platform,
  profiles,
  employerProfiles,
  confirmations,
  access,
  receipts,
  clock = systemClock,
}: ProfileErasureDeps) {
  async function eraseJobSeeker(userId: string) {
    const profile = await profiles.store.load(userId);
    const receipt = await receipts.record({
      userId,
      candidateId: profile?.candidateId ?? null,
      employerId: null,
      erasedAt: clock(),
    });
    // every list is in the profile's document; its unique code goes with it
    await removeOncePublished(platform, { model: profiles.model, topic: candidatesTopic, id: userId });
    if (receipt.candidateId) await profiles.forgetCandidateKey(receipt.candidateId);
    await confirmations.forget(userId);
    await access.forgetJobSeeker(userId);
    if (receipt.candidateId) {
      const marker = candidateErased(
        { candidateId: receipt.candidateId, ownerUserId: userId, erasedAt: receipt.erasedAt },
        clock,
      );
      await publishNow(platform, candidatesTopic, marker);
    }
  }

  async function eraseEmployer(userId: string) {
    const receipt = await receipts.record({
      userId,
      candidateId: null,
      employerId: userId,
      erasedAt: clock(),
    });
    await removeOncePublished(platform, { model: employerProfiles.model, topic: employersTopic, id: userId });
    await confirmations.forget(userId);
    // also for an employer who never made a company profile: a reader that knows nothing ignores it
    await publishNow(
      platform,
      employersTopic,
      employerErased({ employerId: userId, erasedAt: receipt.erasedAt }, clock),
    );
  }

  return async function erase({ userId, userType }: Pick<ErasureRequested['data'], 'userId' | 'userType'>) {
    if (userType === 'job_seeker') await eraseJobSeeker(userId);
    else if (userType === 'employer') await eraseEmployer(userId);
    // an admin has no profile here (their reads of others' details are the others' log)
  };
}

export type ProfileErasure = ReturnType<typeof createProfileErasure>;

/** Runs the part on the `erasures` topic: each request, then `erasure.part-done`. */
export const startProfileErasurePart = (
  platform: Parameters<typeof startErasurePart>[0]['platform'],
  erase: ProfileErasure,
  clock?: Clock,
) => startErasurePart({ platform, part: 'profile', erase, ...(clock ? { clock } : {}) });
