import { type AdminMatchRequest, adminQueueTabLabels } from '@meritmatch/contracts';
import type { BadgeTone } from '@meritmatch/ui';
import { capitalize } from '@meritmatch/web-kit';

export const statusTones: Record<AdminMatchRequest['status'], BadgeTone> = {
  pending: 'warning',
  approved: 'success',
  rejected: 'danger',
  connected: 'info',
  unmatched: 'neutral',
  awaiting_candidate: 'accent',
  declined: 'neutral',
  withdrawn: 'neutral',
  closed: 'neutral',
};

/** A status as the admin reads it: the tab's label, or the status with a capital ('Unmatched'). */
export const statusLabel = (status: AdminMatchRequest['status']) =>
  (adminQueueTabLabels as Record<string, string>)[status] ?? capitalize(status);

/** The status in a sentence: 'pending', 'awaiting candidate'. */
export const statusWords = (status: string) => status.replaceAll('_', ' ');

/** Names are shown (and contact details unlabelled) only where the lifecycle says the introduction is made. */
export { revealsIdentity } from '@meritmatch/contracts';
