import { type CandidateSummary, employerMessages, ZMatchRequestInput } from '@meritmatch/contracts';
import { Button, SelectField, TextAreaField } from '@meritmatch/ui';
import { Modal } from '@meritmatch/ui/dialogs';
import { contractResolver, fieldsOf, Notice } from '@meritmatch/web-kit';
import { errorMessage, useFormMessage } from '@meritmatch/web-session';
import { useEffect } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { useOpenPositions } from '../positions/positions-query';
import { useSendMatchRequest } from './send-match-request';

const messageLimit = 1000;
/** `positionId` is '' for none. */
type RequestForm = { message: string; positionId: string };
type RequestFields = { message?: string | undefined; positionId?: string | undefined };
const requestResolver = contractResolver<RequestForm, RequestFields>(
  ZMatchRequestInput.pick({ message: true, positionId: true }),
);

/**
 * Asks the admin team to introduce the employer to one candidate, with an optional message and
 * optionally one of the employer's open positions (the search's, to begin with), which the
 * candidate is then shown.
 */
export function RequestMatchModal({
  candidate,
  searchPosition = '',
  onClose,
}: {
  candidate: CandidateSummary | null;
  /** The position the search was made from ('' for none). */
  searchPosition?: string;
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
      {candidate ? (
        <RequestMatchForm
          key={candidate.id}
          candidate={candidate}
          searchPosition={searchPosition}
          onClose={onClose}
        />
      ) : null}
    </Modal>
  );
}

function RequestMatchForm({
  candidate,
  searchPosition,
  onClose,
}: {
  candidate: CandidateSummary;
  searchPosition: string;
  onClose: () => void;
}) {
  const send = useSendMatchRequest();
  const feedback = useFormMessage();
  const positions = useOpenPositions();
  const form = useForm<RequestForm, unknown, RequestFields>({
    resolver: requestResolver,
    // the search's position if it is still open; `values` follows the positions as they load
    values: {
      message: '',
      positionId: positions.some((position) => position.id === searchPosition) ? searchPosition : '',
    },
    resetOptions: { keepDirtyValues: true },
  });
  const { handleSubmit, control, setFocus } = form;
  const field = fieldsOf(form);
  const length = useWatch({ control, name: 'message' }).length;
  // straight to the message (the dialog would otherwise focus its close button)
  useEffect(() => setFocus('message'), [setFocus]);

  const submit = handleSubmit(({ message, positionId }) => {
    feedback.clear();
    send.mutate(
      { jobSeekerId: candidate.id, ...(message ? { message } : {}), ...(positionId ? { positionId } : {}) },
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
      {positions.length > 0 ? (
        <SelectField
          label="Position (optional)"
          options={[
            { value: '', label: 'No position' },
            ...positions.map((position) => ({ value: position.id, label: position.title })),
          ]}
          hint="The candidate sees its title, work mode, place, salary band and which of their skills match."
          {...field('positionId')}
        />
      ) : null}
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
