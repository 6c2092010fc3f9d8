import { describe, expect, it } from 'vitest';
import { reconcile, type ServiceAccount, secretMatches, serviceAccountId } from './service-account';

const stored = (name: string, status: ServiceAccount['status']): ServiceAccount => ({
  name,
  userId: serviceAccountId(name),
  status,
  statusChangedAt: new Date(0),
  version: 1,
  createdAt: new Date(0),
  updatedAt: new Date(0),
});

describe('service accounts', () => {
  it('have the same id for the same name, a valid UUID, different for another name', () => {
    const id = serviceAccountId('notifications');
    expect(id).toBe(serviceAccountId('notifications'));
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-a[0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(serviceAccountId('reports')).not.toBe(id);
  });

  it('compare secrets exactly', () => {
    expect(secretMatches('s'.repeat(40), 's'.repeat(40))).toBe(true);
    expect(secretMatches('s'.repeat(40), `${'s'.repeat(39)}t`)).toBe(false);
    expect(secretMatches('short', 's'.repeat(40))).toBe(false);
  });

  it('are created, restored and retired to match the configuration', () => {
    const plan = reconcile(new Set(['notifications', 'reports']), [
      stored('reports', 'deleted'),
      stored('old', 'active'),
      stored('gone', 'deleted'),
    ]);
    expect(plan.create).toEqual(['notifications']);
    expect(plan.restore.map((a) => a.name)).toEqual(['reports']);
    expect(plan.retire.map((a) => a.name)).toEqual(['old']);
  });
});
