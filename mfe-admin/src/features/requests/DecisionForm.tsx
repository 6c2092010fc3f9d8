import { type AdminDecision, ZAdminDecision } from '@meritmatch/contracts';
import { Button, TextAreaField } from '@meritmatch/ui';
import { contractResolver, fieldsOf } from '@meritmatch/web-kit';
import { useForm } from 'react-hook-form';
import type { DecisionTarget } from './DecisionDialog';

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

/** The decision's notes, checked with the contract; fetched with the dialog, not with the queue. */
export function DecisionForm({
  request,
  decision,
  onClose,
  onDecide,
}: DecisionTarget & { onClose: () => void; onDecide: (decision: AdminDecision) => void }) {
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

  return (
    <form className="form" onSubmit={form.handleSubmit(onDecide)} noValidate>
      <p className="small">{decision.explanation}</p>
      {noteFields.map((note) =>
        decision[note.name] ? (
          <TextAreaField key={note.name} label={note.label} hint={note.hint} rows={3} {...field(note.name)} />
        ) : null,
      )}
      <div className="dialog__actions">
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" variant={decision.variant === 'secondary' ? 'primary' : decision.variant}>
          {decision.confirmLabel}
        </Button>
      </div>
    </form>
  );
}
