import type { EmployerVisibleStatus } from '@meritmatch/contracts';
import type { BadgeTone } from '@meritmatch/ui';

/** The statuses an employer is sent: the candidate's own steps arrive as the spec's (`employerStatusOf`). */
export const statusTones: Record<EmployerVisibleStatus, BadgeTone> = {
  pending: 'warning',
  approved: 'success',
  rejected: 'danger',
  unmatched: 'neutral',
  connected: 'info',
};
