import type { ErasureRequested } from '@meritmatch/contracts';
import type { CompanyData } from '../data/companies';
import type { DeliveryData } from '../data/deliveries';
import type { PreferenceStore } from '../data/preferences';

export type NotificationErasureDeps = {
  deliveries: Pick<DeliveryData, 'forgetRecipient' | 'redactParty'>;
  preferences: Pick<PreferenceStore, 'model'>;
  companies: Pick<CompanyData, 'forget'>;
};

/**
 * What this service holds of a person, erased (docs/decisions/0004-account-erasure.md). Each
 * step deletes or rewrites to the same end, so the whole is idempotent.
 */
export function createNotificationErasure({ deliveries, preferences, companies }: NotificationErasureDeps) {
  return {
    /**
     * The part asked on `erasures`: the e-mails to the account, its settings, and for an employer
     * the company and its words in the candidates' e-mails. A job seeker's e-mails about requests
     * are addressed to the candidate id, which this request does not carry: they go when the
     * profile's `candidate.erased` comes (`candidate`).
     */
    async account({ userId, userType }: Pick<ErasureRequested['data'], 'userId' | 'userType'>) {
      await deliveries.forgetRecipient({ type: 'user', userId });
      await preferences.model.deleteOne({ _id: userId });
      if (userType === 'employer') await employer(userId);
    },
    /** The company is erased (`employer.erased`, or the employer's own erasure). */
    employer,
    /** The candidate is erased (`candidate.erased`): their e-mails, and their side of the employers'. */
    async candidate(candidateId: string) {
      await deliveries.forgetRecipient({ type: 'candidate', candidateId });
      await deliveries.redactParty({ candidateId });
    },
  };

  async function employer(employerId: string) {
    await companies.forget(employerId);
    await deliveries.redactParty({ employerId });
  }
}

export type NotificationErasure = ReturnType<typeof createNotificationErasure>;
