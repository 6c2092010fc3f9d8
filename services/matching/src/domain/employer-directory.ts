import type { EmployerSnapshot } from '@meritmatch/contracts';

/** Which employers are verified, from their snapshots; nothing else about them is kept. */
export class EmployerDirectory {
  private readonly employers = new Map<string, { verified: boolean; version: number }>();

  apply(snapshot: EmployerSnapshot) {
    const known = this.employers.get(snapshot.employerId);
    if (known && known.version >= snapshot.version) return;
    this.employers.set(snapshot.employerId, { verified: snapshot.verified, version: snapshot.version });
  }

  isVerified(employerId: string) {
    return this.employers.get(employerId)?.verified === true;
  }
}
