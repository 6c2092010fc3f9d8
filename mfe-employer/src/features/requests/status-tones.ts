import type { EmployerVisibleStatus } from '@meritmatch/contracts';

type Tone = 'neutral' | 'success' | 'warning' | 'danger' | 'info';

/** The statuses an employer is sent: the candidate's own steps arrive as the spec's (`employerStatusOf`). */
export const statusTones: Record<EmployerVisibleStatus, Tone> = {
  pending: 'warning',
  approved: 'success',
  rejected: 'danger',
  unmatched: 'neutral',
  connected: 'info',
};
