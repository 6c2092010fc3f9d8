import { generateCandidates } from '../generated-candidates';

/** A path the gateway routes to the auth service's address, so the gateway can forward to a peer server. */
export const benchRoute = '/api/auth/bench-payload';

/** What every peer answers: a page of 12 search cards, about the size of a real search answer. */
export function benchPayload() {
  const candidates = generateCandidates(12, 7);
  return {
    candidates: candidates.map((candidate) => ({
      id: candidate.candidateId,
      uniqueCode: candidate.uniqueCode,
      location: candidate.location,
      skills: candidate.skills,
      experienceYears: candidate.experiences.length * 2,
    })),
    pagination: { page: 1, pageSize: 12, totalCount: 12, totalPages: 1 },
  };
}
