import type { AdminMatchRequest } from '@meritmatch/contracts';

type Tone = 'neutral' | 'success' | 'warning' | 'danger' | 'info' | 'accent';

export const statusTones: Record<AdminMatchRequest['status'], Tone> = {
  pending: 'warning',
  approved: 'success',
  rejected: 'danger',
  connected: 'info',
  unmatched: 'neutral',
};

/** Names are shown (and contact details unlabelled) only on these tabs. */
export const revealsIdentity = (status: string) => status === 'approved' || status === 'connected';
