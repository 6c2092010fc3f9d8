import { z } from 'zod';

/** Every error code the API can answer with, and the HTTP status it maps to. */
export const errorStatus = {
  VALIDATION_FAILED: 400,
  MALFORMED_JSON: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_VERIFIED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  SERVICE_UNAVAILABLE: 503,
  GATEWAY_TIMEOUT: 504,
} as const;

export type ErrorCode = keyof typeof errorStatus;
export const ZErrorCode = z.enum(Object.keys(errorStatus) as [ErrorCode, ...ErrorCode[]]);

export const ZErrorDetail = z.object({
  path: z.string(),
  message: z.string(),
});
export type ErrorDetail = z.infer<typeof ZErrorDetail>;

/** The one error shape: `{ message, code, details? }`. */
export const ZApiError = z.object({
  message: z.string(),
  code: ZErrorCode,
  details: z.array(ZErrorDetail).optional(),
});
export type ApiErrorBody = z.infer<typeof ZApiError>;
