import type { AdminDecision, AdminMatchRequest } from '@meritmatch/contracts';
import { LoadingState } from '@meritmatch/ui';
import { Modal } from '@meritmatch/ui/dialogs';
import { onDemand, useCodeOnDemand } from '@meritmatch/ui/on-demand';
import type { Decision } from './decisions';

export type DecisionTarget = { request: AdminMatchRequest; decision: Decision };

// the form (with react-hook-form) comes with the dialog's first opening, beside Radix
const decisionForm = onDemand(() => import('./DecisionForm'));

/**
 * A small dialog for one decision: the notes it takes (admin notes; for Approve also the
 * contact note the employer reads). Confirmed, it closes and hands the decision to the queue,
 * which shows it at once and the server's answer when it comes.
 */
export function DecisionDialog({
  target,
  onClose,
  onDecide,
}: {
  target: DecisionTarget | null;
  onClose: () => void;
  onDecide: (target: DecisionTarget, decision: AdminDecision) => void;
}) {
  const form = useCodeOnDemand(decisionForm, target !== null);
  return (
    <Modal
      open={target !== null}
      onOpenChange={(open) => !open && onClose()}
      title={target?.decision.title ?? 'Decision'}
      description={
        target
          ? `${target.request.employer_info.companyName ?? 'Unknown company'} → ${target.request.job_seeker_info.uniqueCode}`
          : undefined
      }
    >
      {!target ? null : form ? (
        <form.DecisionForm
          key={`${target.request.id}-${target.decision.kind}`}
          {...target}
          onClose={onClose}
          onDecide={(decision) => onDecide(target, decision)}
        />
      ) : (
        <LoadingState />
      )}
    </Modal>
  );
}
