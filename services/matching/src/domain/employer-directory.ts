import { companyKey, domainKey, type EmployerSnapshot } from '@meritmatch/contracts';

/** What a candidate's block list is matched against: the employer's company name and website domain. */
export type Viewer = { employerId: string; companyKey: string; domain: string | null };

/** A company as the candidate's Interest page shows it. */
export type Company = Pick<EmployerSnapshot, 'companyName' | 'industry' | 'companySize'>;

type KnownEmployer = Company & { verified: boolean; version: number; viewer: Viewer };

/**
 * The employers, from their snapshots on the `employers` topic (no e-mail, no personal data):
 * whether each is verified, the company the candidate sees on their Interest page, and the keys
 * a block list is matched by.
 */
export class EmployerDirectory {
  private readonly employers = new Map<string, KnownEmployer>();
  /** Erased employers, by id only: their company is forgotten and never comes back. */
  private readonly erased = new Set<string>();

  apply(snapshot: EmployerSnapshot) {
    if (this.erased.has(snapshot.employerId)) return;
    const known = this.employers.get(snapshot.employerId);
    if (known && known.version >= snapshot.version) return;
    this.employers.set(snapshot.employerId, {
      companyName: snapshot.companyName,
      industry: snapshot.industry,
      companySize: snapshot.companySize,
      verified: snapshot.verified,
      version: snapshot.version,
      viewer: {
        employerId: snapshot.employerId,
        companyKey: companyKey(snapshot.companyName),
        domain: snapshot.website === null ? null : domainKey(snapshot.website),
      },
    });
  }

  /** The employer was erased: its company is dropped (an erased employer is no longer verified). */
  erase(employerId: string) {
    this.employers.delete(employerId);
    this.erased.add(employerId);
  }

  /** Whether the employer was erased (the candidate's screens say "a deleted company"). */
  isErased(employerId: string) {
    return this.erased.has(employerId);
  }

  isVerified(employerId: string) {
    return this.employers.get(employerId)?.verified === true;
  }

  company(employerId: string): Company | undefined {
    const known = this.employers.get(employerId);
    return (
      known && { companyName: known.companyName, industry: known.industry, companySize: known.companySize }
    );
  }

  /** The employer as a block list sees it; an employer not known yet blocks nothing. */
  viewer(employerId: string): Viewer {
    return this.employers.get(employerId)?.viewer ?? { employerId, companyKey: '', domain: null };
  }
}
