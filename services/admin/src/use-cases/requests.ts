import {
  type AccessReason,
  type AdminCandidate,
  type AdminDecision,
  type AdminMatchRequest,
  ageOn,
  completionOf,
  erasedCompanyLabel,
  type InternalMatchRequest,
  type RequestQueueQuery,
  revealsIdentity,
  type Stats,
  userManagementReason,
} from '@meritmatch/contracts';
import { type Clock, DomainError, systemClock } from '@meritmatch/service-kit';
import type { Owners } from '../clients/owners';
import type { Companies } from './companies';

/** Names are read only where they may be shown: once the lifecycle says the introduction is made. */
const nameVisible = (request: InternalMatchRequest) => revealsIdentity(request.status);

export type RequestErrorReason = 'request.not-for-candidate';

/** Why the queue reads a job seeker's details: the request on screen (its owner records it). */
const reasonOf = (request: InternalMatchRequest): AccessReason => ({
  purpose: 'match-request',
  requestId: request.id,
  employerId: request.employer_id,
});

export function createRequestViews({
  owners,
  companiesOf,
  clock = systemClock,
}: {
  owners: Owners;
  companiesOf: Companies;
  clock?: Clock;
}) {
  /** Adds the employer's company (own copy) and both sides' e-mails and the candidate's name (from their owners). */
  async function enrich(token: string, requests: InternalMatchRequest[]): Promise<AdminMatchRequest[]> {
    if (requests.length === 0) return [];
    const [companies, seekers] = await Promise.all([
      companiesOf(
        token,
        requests.map((r) => r.employer_id),
      ),
      owners.profiles.jobSeekers(token, {
        candidateIds: [...new Set(requests.map((r) => r.job_seeker_id))],
        names: requests.filter(nameVisible).map((r) => ({ id: r.job_seeker_id, reason: reasonOf(r) })),
      }),
    ]);
    const seekerByCandidate = new Map(seekers.job_seekers.map((seeker) => [seeker.candidate_id, seeker]));
    const emails = await owners.users.lookup(
      token,
      [...new Set([...requests.map((r) => r.employer_id), ...seekers.job_seekers.map((s) => s.user_id)])],
      requests.flatMap((r) => {
        const seeker = seekerByCandidate.get(r.job_seeker_id);
        return seeker ? [{ id: seeker.user_id, reason: reasonOf(r) }] : [];
      }),
    );
    const emailOf = new Map(emails.users.map((user) => [user.id, user.email]));
    return requests.map((request) => {
      const company = companies.get(request.employer_id);
      const seeker = seekerByCandidate.get(request.job_seeker_id);
      return {
        id: request.id,
        job_seeker_id: request.job_seeker_id,
        employer_id: request.employer_id,
        status: request.status,
        created_at: request.created_at,
        updated_at: request.updated_at,
        message: request.message,
        admin_notes: request.admin_notes,
        contact_note: request.contact_note,
        // the owner says which party was erased, so that the screens can say so
        ...(request.candidate_erased ? { candidate_erased: true } : {}),
        ...(request.employer_erased ? { employer_erased: true } : {}),
        employer_info: {
          companyName: request.employer_erased ? erasedCompanyLabel : (company?.companyName ?? null),
          industry: company?.industry ?? null,
          email: emailOf.get(request.employer_id) ?? null,
        },
        job_seeker_info: {
          uniqueCode: request.candidate_code,
          location: seeker?.location ?? request.candidate_location,
          fullName: nameVisible(request) ? (seeker?.full_name ?? null) : null,
          email: seeker ? (emailOf.get(seeker.user_id) ?? null) : null,
        },
      };
    });
  }

  return {
    async stats(token: string): Promise<Stats> {
      // counts only: no e-mail is read for the stats
      const [users, counts] = await Promise.all([owners.users.counts(token), owners.requests.counts(token)]);
      return {
        job_seekers: users.counts.job_seeker,
        employers: users.counts.employer,
        pending_requests: counts.counts.pending ?? 0,
        approved_requests: counts.counts.approved ?? 0,
        connected_matches: counts.counts.connected ?? 0,
      };
    },

    async queue(token: string, query: RequestQueueQuery) {
      const page = await owners.requests.page(token, query);
      return { requests: await enrich(token, page.requests), pagination: page.pagination };
    },

    async decide(token: string, id: string, decision: AdminDecision) {
      const { message, request } = await owners.requests.decide(token, id, decision);
      const [enriched] = await enrich(token, [request]);
      return { message, request: enriched! };
    },

    /**
     * The employer's view plus name, e-mail and phone, read from their owners; completion is
     * real. Opened from a request, the owners record that request as the reason (it must be a
     * request for this candidate); otherwise account administration.
     */
    async candidate(token: string, candidateId: string, requestId?: string): Promise<AdminCandidate> {
      let reason: AccessReason = userManagementReason;
      if (requestId) {
        const { request } = await owners.requests.get(token, requestId);
        if (request.job_seeker_id !== candidateId) throw new DomainError('request.not-for-candidate');
        reason = reasonOf(request);
      }
      const { candidate } = await owners.profiles.candidate(token, candidateId, reason);
      const { users } = await owners.users.lookup(
        token,
        [candidate.user_id],
        [{ id: candidate.user_id, reason }],
      );
      return {
        id: candidate.id,
        user_id: candidate.user_id,
        unique_code: candidate.unique_code,
        full_name: candidate.full_name,
        email: users[0]?.email ?? null,
        phone: candidate.phone,
        location: candidate.location,
        date_of_birth: candidate.date_of_birth,
        age: ageOn(candidate.date_of_birth, clock()),
        gender: candidate.gender,
        account_status: candidate.account_status,
        profile_completion: completionOf(candidate).percentage,
        availability: 'Available',
        skills: candidate.skills.map((skill) => ({
          name: skill.name,
          proficiency_level: skill.proficiency_level,
        })),
        experiences: candidate.experiences.map((entry) => ({
          position: entry.position,
          company_name: entry.company_name,
          start_date: entry.start_date,
          end_date: entry.end_date,
          description: entry.description,
        })),
        education: candidate.education.map((entry) => ({
          degree: entry.degree,
          field_of_study: entry.field_of_study,
          institution: entry.institution,
          graduation_year: entry.graduation_year,
          gpa: entry.gpa,
        })),
        certifications: candidate.certifications.map((entry) => ({
          name: entry.name,
          issuer: entry.issuer,
          issue_date: entry.issue_date,
        })),
        preferences: candidate.preferences,
      };
    },
  };
}

export type RequestViews = ReturnType<typeof createRequestViews>;
