import { z } from 'zod';
import { matchStatuses, ZPagination } from './matching';
import { ZId } from './primitives';

export const adminPageSize = 10;

const blankToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;
const pageNumber = z.preprocess(
  blankToUndefined,
  z.coerce.number({ message: 'page must be a number' }).int().min(1).max(100000).default(1),
);

export const ZRequestQueueQuery = z.strictObject({
  status: z.preprocess(
    blankToUndefined,
    z.enum(matchStatuses, { message: 'Unknown status' }).default('pending'),
  ),
  page: pageNumber,
  limit: z.preprocess(
    blankToUndefined,
    z.coerce.number({ message: 'limit must be a number' }).int().min(1).max(100).default(adminPageSize),
  ),
});
export type RequestQueueQuery = z.output<typeof ZRequestQueueQuery>;

/** PUT /api/admin/requests/{id}: the admin's decision, an optional note, and how contact will happen. */
export const ZAdminDecision = z.strictObject({
  status: z.enum(matchStatuses, { message: 'Status must be pending, approved, rejected or connected' }),
  adminNotes: z.preprocess(
    (value) => (value === null ? '' : value),
    z
      .string({ message: 'Admin notes must be text' })
      .trim()
      .max(2000, { message: 'Admin notes must be at most 2000 characters' })
      .optional(),
  ),
  contactNote: z.preprocess(
    (value) => (value === null ? '' : value),
    z
      .string({ message: 'Contact note must be text' })
      .trim()
      .max(1000, { message: 'Contact note must be at most 1000 characters' })
      .optional(),
  ),
});
export type AdminDecision = z.input<typeof ZAdminDecision>;

export const requestUpdateFailed = 'Error updating request status';

/** A match request as the matching service (its owner) tells the admin service. */
export const ZInternalMatchRequest = z.object({
  id: ZId,
  job_seeker_id: ZId,
  employer_id: ZId,
  candidate_code: z.string(),
  candidate_location: z.string(),
  status: z.enum([...matchStatuses, 'unmatched']),
  created_at: z.string(),
  updated_at: z.string(),
  message: z.string().nullable(),
  admin_notes: z.string().nullable(),
  contact_note: z.string().nullable(),
});
export type InternalMatchRequest = z.infer<typeof ZInternalMatchRequest>;
export const ZInternalRequestPage = z.object({
  requests: z.array(ZInternalMatchRequest),
  pagination: ZPagination,
});
export const ZInternalRequestWrite = z.object({ message: z.string(), request: ZInternalMatchRequest });
export const ZInternalRequestCounts = z.object({ counts: z.record(z.string(), z.number()) });
