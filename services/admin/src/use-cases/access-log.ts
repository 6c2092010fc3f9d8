import type { AccessLogQuery, AdminAccessLogEntry, Pagination } from '@meritmatch/contracts';
import type { Owners } from '../clients/owners';
import type { AdminEmails } from './contact-log';

/**
 * The data access log as admins read it: the reads the owners recorded (from the profile
 * service, which keeps them all), with the e-mail of the admin behind each. It shows whose
 * details by the anonymous code only, so reading it reads no personal detail.
 */
export async function readAccessLog(
  token: string,
  query: AccessLogQuery,
  { owners, adminEmails }: { owners: Owners; adminEmails: AdminEmails },
): Promise<{ entries: AdminAccessLogEntry[]; pagination: Pagination }> {
  const page = await owners.profiles.accessLog(token, query);
  const emailOf = await adminEmails(token, [...new Set(page.entries.map((entry) => entry.admin_user_id))]);
  return {
    entries: page.entries.map((entry) => ({
      ...entry,
      admin_email: emailOf.get(entry.admin_user_id) ?? null,
    })),
    pagination: page.pagination,
  };
}
