import { matchRequestTextsPath, ZMatchRequestTexts } from '@meritmatch/contracts';
import { ApiError, createOwnerClient, type ServiceToken, withServiceToken } from '@meritmatch/service-kit';

/**
 * A decision's notes, asked from matching with this service's own token (the contact log is
 * written outside any admin's request). A request matching does not know has none.
 */
export function createRequestTexts({
  matchingUrl,
  serviceToken,
}: {
  matchingUrl: string;
  serviceToken: ServiceToken;
}) {
  const matching = withServiceToken(
    createOwnerClient({ name: 'matching', baseUrl: matchingUrl, timeoutMs: 5000 }),
    serviceToken,
  );
  return async (requestId: string, eventId: string) => {
    try {
      const { adminNotes, contactNote } = await matching(
        `${matchRequestTextsPath}/${requestId}/events/${eventId}`,
        ZMatchRequestTexts,
      );
      return { adminNotes, contactNote };
    } catch (error) {
      if (error instanceof ApiError && error.code === 'NOT_FOUND')
        return { adminNotes: null, contactNote: null };
      throw error;
    }
  };
}

export type RequestTexts = ReturnType<typeof createRequestTexts>;
