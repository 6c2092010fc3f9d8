import { isTransient } from '@meritmatch/service-kit';
import type { Owners } from '../clients/owners';
import type { EmployerDirectory } from '../data/employer-directory';

export type Company = { companyName: string; industry: string; verified: boolean };

/**
 * Companies for admin views: asked from their owner (the profile service), so a change the
 * admin just made shows at once; while the owner is unreachable, the admin service's own copy
 * (kept from the `employers` topic) answers instead.
 */
export function createCompanies({ owners, directory }: { owners: Owners; directory: EmployerDirectory }) {
  return async (token: string, employerIds: string[]): Promise<Map<string, Company>> => {
    const ids = [...new Set(employerIds)];
    if (ids.length === 0) return new Map();
    try {
      const { employers } = await owners.profiles.employers(token, ids);
      return new Map(
        employers.map((e) => [
          e.user_id,
          { companyName: e.company_name, industry: e.industry, verified: e.verified },
        ]),
      );
    } catch (error) {
      if (!isTransient(error)) throw error;
      const copies = await directory.findMany(ids);
      return new Map(
        [...copies].map(([id, e]) => [
          id,
          { companyName: e.companyName, industry: e.industry, verified: e.verified },
        ]),
      );
    }
  };
}

export type Companies = ReturnType<typeof createCompanies>;
