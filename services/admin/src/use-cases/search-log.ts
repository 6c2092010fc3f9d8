import {
  type AdminSearchLogAnswer,
  erasedCompanyLabel,
  type SearchLogQuery,
  ZAdminSearchLogAnswer,
} from '@meritmatch/contracts';
import type { Owners } from '../clients/owners';
import type { Companies } from './companies';

/**
 * The search log as admins read it: matching owns it (every search and opened detail shown to an
 * employer, candidates by code and score) and answers a page for the admin's own token; this
 * service adds each employer's company, as the request queue does. An erased employer's entries
 * keep its id and show "a deleted company".
 */
export function createSearchLogViews({ owners, companiesOf }: { owners: Owners; companiesOf: Companies }) {
  return {
    async page(token: string, query: SearchLogQuery): Promise<AdminSearchLogAnswer> {
      const { entries, pagination } = await owners.searchLog.page(token, query);
      const companies = await companiesOf(
        token,
        entries.filter((entry) => !entry.employer_erased).map((entry) => entry.employer_id),
      );
      return ZAdminSearchLogAnswer.parse({
        entries: entries.map((entry) => ({
          ...entry,
          company_name: entry.employer_erased
            ? erasedCompanyLabel
            : (companies.get(entry.employer_id)?.companyName ?? null),
        })),
        pagination,
      });
    },
  };
}

export type SearchLogViews = ReturnType<typeof createSearchLogViews>;
