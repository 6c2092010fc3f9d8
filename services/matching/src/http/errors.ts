import { duplicateRequestMessage } from '@meritmatch/contracts';
import { ApiError, conflict, domainErrorMapper, notFound } from '@meritmatch/service-kit';
import type { MatchRequestErrorReason } from '../domain/match-request';

/** The matching domain's refusals as the API answers them. */
export const matchingErrors = domainErrorMapper<MatchRequestErrorReason>({
  'candidate.not-found': () => notFound('Candidate not found'),
  'request.not-found': () => notFound('Match request not found'),
  'request.duplicate': () => conflict(duplicateRequestMessage),
  'request.illegal-transition': ({ from, to }) =>
    new ApiError('CONFLICT', `A ${from} request cannot be changed to ${to}`),
  'request.not-matched': () => conflict('Only matched requests can be unmatched'),
});
