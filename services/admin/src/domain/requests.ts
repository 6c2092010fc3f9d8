import {
  type AdminCandidate,
  type AdminDecision,
  type AdminMatchRequest,
  ageOn,
  completionOf,
  type InternalMatchRequest,
  type RequestQueueQuery,
  type Stats,
} from '@meritmatch/contracts';
import type { Owners } from '../clients/owners';
import type { Companies } from './companies';

/** Names are read only where they may be shown: approved and connected requests. */
const nameVisible = new Set(['approved', 'connected']);

export function createRequestViews({ owners, companiesOf }: { owners: Owners; companiesOf: Companies }) {
  /** Adds the employer's company (own copy) and both sides' e-mails and the candidate's name (from their owners). */
  async function enrich(token: string, requests: InternalMatchRequest[]): Promise<AdminMatchRequest[]> {
    if (requests.length === 0) return [];
    const [companies, seekers] = await Promise.all([
      companiesOf(
        token,
        requests.map((r) => r.employer_id),
      ),
      owners.profiles.jobSeekers(token, { candidateIds: [...new Set(requests.map((r) => r.job_seeker_id))] }),
    ]);
    const seekerByCandidate = new Map(seekers.job_seekers.map((seeker) => [seeker.candidate_id, seeker]));
    const emails = await owners.users.lookup(token, [
      ...new Set([...requests.map((r) => r.employer_id), ...seekers.job_seekers.map((s) => s.user_id)]),
    ]);
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
        employer_info: {
          companyName: company?.companyName ?? null,
          industry: company?.industry ?? null,
          email: emailOf.get(request.employer_id) ?? null,
        },
        job_seeker_info: {
          uniqueCode: request.candidate_code,
          location: seeker?.location ?? request.candidate_location,
          fullName: nameVisible.has(request.status) ? (seeker?.full_name ?? null) : null,
          email: seeker ? (emailOf.get(seeker.user_id) ?? null) : null,
        },
      };
    });
  }

  return {
    async stats(token: string): Promise<Stats> {
      const [users, counts] = await Promise.all([owners.users.list(token), owners.requests.counts(token)]);
      const live = users.users.filter((user) => user.status !== 'deleted');
      return {
        job_seekers: live.filter((user) => user.user_type === 'job_seeker').length,
        employers: live.filter((user) => user.user_type === 'employer').length,
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

    /** The employer's view plus name, e-mail and phone, read from their owners; completion is real. */
    async candidate(token: string, candidateId: string): Promise<AdminCandidate> {
      const { candidate } = await owners.profiles.candidate(token, candidateId);
      const { users } = await owners.users.lookup(token, [candidate.user_id]);
      return {
        id: candidate.id,
        user_id: candidate.user_id,
        unique_code: candidate.unique_code,
        full_name: candidate.full_name,
        email: users[0]?.email ?? null,
        phone: candidate.phone,
        location: candidate.location,
        date_of_birth: candidate.date_of_birth,
        age: ageOn(candidate.date_of_birth, new Date()),
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
      };
    },
  };
}

export type RequestViews = ReturnType<typeof createRequestViews>;
