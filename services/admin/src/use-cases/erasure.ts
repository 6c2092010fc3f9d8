import type { ErasureRequested } from '@meritmatch/contracts';
import type { CandidateOwners } from '../data/candidate-owners';
import type { ContactLogRepository } from '../data/contact-logs';
import type { EmployerDirectory } from '../data/employer-directory';

export type AdminErasureDeps = {
  contactLogs: Pick<ContactLogRepository, 'eraseParty'>;
  directory: Pick<EmployerDirectory, 'remove'>;
  candidateOwners: Pick<CandidateOwners, 'candidatesOf' | 'link'>;
};

/**
 * The admin service's part of an erasure (docs/decisions/0004-account-erasure.md): the contact
 * log keeps every entry's ids, action and time, and loses the notes of every entry about the
 * person's requests; its copy of an employer's company goes. The same is done when the person's
 * marker arrives on `candidates` or `employers`, which covers a candidate this service had not
 * yet linked to the account when the request came. Each step is idempotent.
 */
export function createAdminErasure({ contactLogs, directory, candidateOwners }: AdminErasureDeps) {
  const employerErased = async (employerId: string) => {
    await contactLogs.eraseParty({ employerId });
    await directory.remove(employerId);
  };
  const candidateErased = async (candidateId: string, ownerUserId: string) => {
    await candidateOwners.link([{ candidateId, ownerUserId }]);
    await contactLogs.eraseParty({ candidateId });
  };
  return {
    employerErased,
    candidateErased,
    /** The part itself, on `erasure.requested`: an admin account holds nothing here to erase. */
    async erase({ userId, userType }: Pick<ErasureRequested['data'], 'userId' | 'userType'>) {
      if (userType === 'employer') await employerErased(userId);
      if (userType !== 'job_seeker') return;
      // no candidate known: the person never had a profile, so no request of theirs was logged
      for (const candidateId of await candidateOwners.candidatesOf(userId))
        await contactLogs.eraseParty({ candidateId });
    },
  };
}

export type AdminErasure = ReturnType<typeof createAdminErasure>;
