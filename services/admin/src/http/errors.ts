import { type DomainErrorTable, domainErrorMapper, notFound } from '@meritmatch/service-kit';
import type { RequestErrorReason } from '../use-cases/requests';

/** The admin domain's refusals as the API answers them. */
export const adminErrors = domainErrorMapper<RequestErrorReason>({
  // like any request that is not the candidate's: not found
  'request.not-for-candidate': () => notFound('Match request not found for this candidate'),
} satisfies DomainErrorTable<RequestErrorReason>);
