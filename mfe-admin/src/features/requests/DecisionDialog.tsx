import {
  type AdminDecision,
  type AdminMatchRequest,
  requestUpdateFailed,
  ZAdminDecision,
} from '@meritmatch/contracts';
import { Button, TextAreaField } from '@meritmatch/ui';
import { Modal } from '@meritmatch/ui/dialogs';
import { contractResolver, fieldsOf, Notice } from '@meritmatch/web-kit';
import { errorMessage, useFormMessage } from '@meritmatch/web-session';
import { useForm } from 'react-hook-form';
import type { Decision } from './decisions';
import { useDecideRequest } from './requests-query';

type Values = { adminNotes: string; contactNote: string };

/** The notes a decision may take (`Decision.adminNotes`, `Decision.contactNote`), in this order. */
const noteFields = [
  {
    name: 'adminNotes',
    label: 'Admin notes (optional)',
    hint: 'Shown to the employer with the request.',
  },
  {
    name: 'contactNote',
    label: 'Contact note for the employer (optional)',
    hint: "How the introduction will happen, e.g. 'We will e-mail you both within two working days.'",
  },
] as const;

export type DecisionTarget = { request: AdminMatchRequest; decision: Decision };

/**
 * A small dialog for one decision: the notes it takes (admin notes; for Approve also the
 * contact note the employer reads), then the PUT. A refusal stays in the dialog; a
 * success closes it and hands the server's message to the queue.
 */
export function DecisionDialog({
  target,
  onClose,
  onDone,
}: {
  target: DecisionTarget | null;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
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
      {target ? (
        <DecisionForm
          key={`${target.request.id}-${target.decision.kind}`}
          {...target}
          onClose={onClose}
          onDone={onDone}
        />
      ) : null}
    </Modal>
  );
}

function DecisionForm({
  request,
  decision,
  onClose,
  onDone,
}: DecisionTarget & { onClose: () => void; onDone: (message: string) => void }) {
  const decide = useDecideRequest();
  const feedback = useFormMessage();
  const toPayload = (values: Values): AdminDecision => ({
    status: decision.to,
    ...(decision.adminNotes ? { adminNotes: values.adminNotes } : {}),
    ...(decision.contactNote ? { contactNote: values.contactNote } : {}),
  });
  const form = useForm<Values, unknown, AdminDecision>({
    defaultValues: { adminNotes: request.admin_notes ?? '', contactNote: request.contact_note ?? '' },
    resolver: contractResolver<Values, AdminDecision>(ZAdminDecision, toPayload),
  });
  const field = fieldsOf(form);
  const busy = decide.isPending;

  const submit = form.handleSubmit((decisionPayload) => {
    feedback.clear();
    decide.mutate(
      { id: request.id, decision: decisionPayload },
      {
        onSuccess: (answer) => onDone(answer.message),
        onError: (error) => feedback.show(errorMessage(error, requestUpdateFailed)),
      },
    );
  });

  return (
    <form className="form" onSubmit={submit} onChange={feedback.clearIfError} noValidate>
      <p className="small">{decision.explanation}</p>
      {noteFields.map((note) =>
        decision[note.name] ? (
          <TextAreaField key={note.name} label={note.label} hint={note.hint} rows={3} {...field(note.name)} />
        ) : null,
      )}
      <Notice message={feedback.message} />
      <div className="dialog__actions">
        <Button variant="secondary" onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button
          type="submit"
          variant={decision.variant === 'secondary' ? 'primary' : decision.variant}
          busy={busy}
        >
          {busy ? 'Saving…' : decision.confirmLabel}
        </Button>
      </div>
    </form>
  );
}
