import { ZEmployerRequestsAnswer, ZEmployerRequestWriteAnswer } from '@meritmatch/contracts';
import { defineResource, replaceIn } from '@meritmatch/web-kit/resource';
import { employerKeys } from '../../shared/employer-keys';

const requests = defineResource(employerKeys.requests, ZEmployerRequestsAnswer, 'requests');

/** The employer's own match requests. */
export const useRequestsQuery = requests.useRead;

/** Unmatches an approved request and puts the changed request the server answers into the list. */
export const useUnmatch = () =>
  requests.useWrite({
    write: (api, requestId: string) =>
      api(`/employer/unmatch/${requestId}`, { method: 'DELETE', schema: ZEmployerRequestWriteAnswer }),
    update: ({ request }, list) => replaceIn(list, request, 'id'),
  });
