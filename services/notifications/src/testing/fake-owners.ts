import type {
  AccountLinkAnswer,
  EmailChangeAnswer,
  EmployerSummary,
  JobSeekerSummary,
  MatchRequestTexts,
  UserRecord,
} from '@meritmatch/contracts';
import type { Owners } from '../clients/owners';

/**
 * The owners the service asks (auth, profile, matching), holding what the test set up: accounts,
 * profiles, companies, links and a request's texts. Owners that cannot be asked throw the error
 * the test gives `failing`.
 */
export function fakeOwners() {
  const users = new Map<string, UserRecord>();
  const candidates = new Map<string, JobSeekerSummary>();
  const companies = new Map<string, EmployerSummary>();
  const links = new Map<string, AccountLinkAnswer>();
  const emailChanges = new Map<string, EmailChangeAnswer>();
  const texts = new Map<string, MatchRequestTexts>();
  const searchNames = new Map<string, string>();
  let failure: Error | undefined;
  const asked = <T>(answer: () => T) => {
    if (failure) throw failure;
    return answer();
  };

  const owners: Owners = {
    user: async (userId) => asked(() => users.get(userId)),
    accountLink: async (linkId) => asked(() => links.get(linkId)),
    emailChange: async (linkId) => asked(() => emailChanges.get(linkId)),
    candidate: async (candidateId) => asked(() => candidates.get(candidateId)),
    candidateIdOf: async (userId) =>
      asked(() => [...candidates.values()].find((candidate) => candidate.user_id === userId)?.candidate_id),
    requestTexts: async (requestId) =>
      asked(() => texts.get(requestId) ?? { message: null, adminNotes: null, contactNote: null }),
    savedSearchName: async (searchId) => asked(() => searchNames.get(searchId)),
    company: async (employerId) => asked(() => companies.get(employerId)),
  };
  return {
    owners,
    addUser: (user: UserRecord) => users.set(user.id, user),
    setUserStatus(userId: string, status: UserRecord['status']) {
      const user = users.get(userId);
      if (user) users.set(userId, { ...user, status });
    },
    addCandidate: (candidate: JobSeekerSummary) => candidates.set(candidate.candidate_id, candidate),
    addCompany: (company: EmployerSummary) => companies.set(company.user_id, company),
    addLink: (linkId: string, link: AccountLinkAnswer) => links.set(linkId, link),
    addEmailChange: (linkId: string, change: EmailChangeAnswer) => emailChanges.set(linkId, change),
    setRequestTexts: (requestId: string, requestTexts: MatchRequestTexts) =>
      texts.set(requestId, requestTexts),
    /** A saved search matching holds (a digest's e-mail names it); without one it was deleted. */
    setSavedSearchName: (searchId: string, name: string) => searchNames.set(searchId, name),
    /** Every owner answers with `error` from now on (undefined: they answer again). */
    failing(error: Error | undefined) {
      failure = error;
    },
  };
}

export type FakeOwners = ReturnType<typeof fakeOwners>;
