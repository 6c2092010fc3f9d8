import { type ApiErrorBody, type ErrorCode, type ErrorDetail, errorStatus } from '@meritmatch/contracts';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** The one error class: a code from the contract, a message a person can read, details. */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: ErrorDetail[],
  ) {
    super(message);
  }

  get status(): ContentfulStatusCode {
    return errorStatus[this.code] as ContentfulStatusCode;
  }

  toBody(): ApiErrorBody {
    return this.details?.length
      ? { message: this.message, code: this.code, details: this.details }
      : { message: this.message, code: this.code };
  }
}

export const notFound = (message = 'Not found') => new ApiError('NOT_FOUND', message);
export const conflict = (message: string) => new ApiError('CONFLICT', message);
export const unauthenticated = (message = 'Authentication required') =>
  new ApiError('UNAUTHENTICATED', message);
