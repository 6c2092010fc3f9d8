import { type InterestDecision, ZInterestAnswer, ZInterestWriteAnswer } from '@meritmatch/contracts';
import { defineResource, replaceIn } from '@meritmatch/web-kit/resource';
import { jobSeekerKeys } from '../../shared/job-seeker-keys';

const interest = defineResource(jobSeekerKeys.interest, ZInterestAnswer, 'requests');

/** The job seeker's own match requests, newest first (GET /job-seeker/interest). */
export const useInterestQuery = interest.useRead;

/** Accept, decline or withdraw consent; the answer's request replaces the one in the list. */
export const useInterestDecision = () =>
  interest.useWrite({
    write: (api, { id, decision }: { id: string; decision: InterestDecision }) =>
      api(`/job-seeker/interest/${id}`, { method: 'PUT', body: { decision }, schema: ZInterestWriteAnswer }),
    update: ({ request }, list) => replaceIn(list, request, 'id'),
    // also after a refusal: the request may have moved on in the meantime
    refetchAfter: true,
  });
