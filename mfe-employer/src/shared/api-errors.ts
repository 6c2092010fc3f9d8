import { ApiRequestError } from '@meritmatch/web-session';

/** Whether a failed call was answered with this HTTP status. */
export const hasStatus = (error: unknown, status: number) =>
  error instanceof ApiRequestError && error.status === status;
