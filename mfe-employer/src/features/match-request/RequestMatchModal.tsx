import { type CandidateSummary, employerMessages, ZMatchRequestInput } from '@meritmatch/contracts';
import { Button, TextAreaField } from '@meritmatch/ui';
import { Modal } from '@meritmatch/ui/dialogs';
import { contractResolver, fieldsOf, Notice } from '@meritmatch/web-kit';
import { errorMessage, useFormMessage } from '@meritmatch/web-session';
import { useEffect } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { useSendMatchRequest } from './send-match-request';

const messageLimit = 1000;
type MessageForm = { message: string };
const messageResolver = contractResolver<MessageForm, { message?: string | undefined }>(
  ZMatchRequestInput.pick({ message: true }),
);

/** Asks the admin team to introduce the employer to one candidate, with an optional message. */
export function RequestMatchModal({
  candidate,
  onClose,
}: {
  candidate: CandidateSummary | null;
  onClose: () => void;
}) {
  return (
    <Modal
      open={candidate !== null}
      onOpenChange={(open) => !open && onClose()}
      title={candidate ? `Request Match with ${candidate.unique_code}` : 'Request Match'}
      description="Our admin team reviews every request and, once approved, facilitates the introduction."
    >
      {/* keyed: a new candidate starts with a blank form */}
      {candidate ? <RequestMatchForm key={candidate.id} candidate={candidate} onClose={onClose} /> : null}
    </Modal>
  );
}

function RequestMatchForm({ candidate, onClose }: { candidate: CandidateSummary; onClose: () => void }) {
  const send = useSendMatchRequest();
  const feedback = useFormMessage();
  const form = useForm<MessageForm, unknown, { message?: string | undefined }>({
    resolver: messageResolver,
    defaultValues: { message: '' },
  });
  const { handleSubmit, control, setFocus } = form;
  const field = fieldsOf(form);
  const length = useWatch({ control, name: 'message' }).length;
  // straight to the message (the dialog would otherwise focus its close button)
  useEffect(() => setFocus('message'), [setFocus]);

  const submit = handleSubmit(({ message }) => {
    feedback.clear();
    send.mutate(
      { jobSeekerId: candidate.id, ...(message ? { message } : {}) },
      { onError: (error) => feedback.show(errorMessage(error, employerMessages.requestFailed)) },
    );
  });

  if (send.isSuccess) {
    return (
      <div className="stack">
        <Notice tone="success" message={employerMessages.requestSent} />
        <p className="small muted">
          You can follow its status under{' '}
          <Link to="/employer/requests" onClick={onClose}>
            Match Requests
          </Link>
          .
        </p>
        <div className="dialog__actions">
          <Button onClick={onClose}>Close</Button>
        </div>
      </div>
    );
  }

  return (
    <form className="form" onSubmit={submit} onChange={feedback.clearIfError} noValidate>
      <Notice message={feedback.message} />
      <TextAreaField
        label="Message (optional)"
        rows={5}
        maxLength={messageLimit}
        placeholder="The role you are hiring for and why this candidate fits"
        hint={`${length}/${messageLimit} characters`}
        {...field('message')}
      />
      <div className="dialog__actions">
        <Button variant="secondary" onClick={onClose} disabled={send.isPending}>
          Cancel
        </Button>
        <Button type="submit" busy={send.isPending}>
          {send.isPending ? 'Sending...' : 'Send Request'}
        </Button>
      </div>
    </form>
  );
}
