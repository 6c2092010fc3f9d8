import {
  duplicateRequestMessage,
  positionMessages,
  savedSearchMessages,
  searchLogUnavailableMessage,
} from '@meritmatch/contracts';
import { ApiError, conflict, domainErrorMapper, notFound } from '@meritmatch/service-kit';
import type { MatchRequestErrorReason } from '../domain/match-request';
import type { SearchLogErrorReason } from '../use-cases/search-log';

/** The matching domain's refusals as the API answers them. */
export const matchingErrors = domainErrorMapper<MatchRequestErrorReason | SearchLogErrorReason>({
  'candidate.not-found': () => notFound('Candidate not found'),
  'request.not-found': () => notFound('Match request not found'),
  'request.duplicate': () => conflict(duplicateRequestMessage),
  'request.illegal-transition': ({ from, to }) =>
    new ApiError('CONFLICT', `A ${from} request cannot be changed to ${to}`),
  'request.not-matched': () => conflict('Only matched requests can be unmatched'),
  'request.awaiting-candidate': () =>
    conflict(
      "This request is waiting for the candidate's consent. It can be decided once the candidate accepts it.",
    ),
  'index.not-ready': () =>
    new ApiError(
      'SERVICE_UNAVAILABLE',
      "The candidate's privacy settings are still being loaded; please try again shortly",
    ),
  'request.blocked-by-candidate': () =>
    conflict('The candidate has blocked this company since the request was made: it cannot be approved.'),
  'request.party-erased': () =>
    conflict("One party's account was erased: this request can no longer be approved, only rejected."),
  'position.not-found': () => notFound(positionMessages.notFound),
  'position.closed': () => conflict(positionMessages.notOpen),
  'position.too-many': () => conflict(positionMessages.tooMany),
  'saved-search.not-found': () => notFound(savedSearchMessages.notFound),
  'saved-search.too-many': () => conflict(savedSearchMessages.tooMany),
  'request.candidate-move': ({ decision }) =>
    conflict(
      decision === 'withdraw'
        ? 'Consent can be withdrawn only while the request is with our team.'
        : 'This request is no longer waiting for your answer.',
    ),
  // nothing is shown that the search log does not hold (invariant 11)
  'search-log.unavailable': () => new ApiError('SERVICE_UNAVAILABLE', searchLogUnavailableMessage),
});
