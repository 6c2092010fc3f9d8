import type { EmployerRequestStatus } from '@meritmatch/contracts';

type Tone = 'neutral' | 'success' | 'warning' | 'danger' | 'info';

export const statusTones: Record<EmployerRequestStatus, Tone> = {
  pending: 'warning',
  approved: 'success',
  rejected: 'danger',
  unmatched: 'neutral',
  connected: 'info',
};
