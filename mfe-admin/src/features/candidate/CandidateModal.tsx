import { Button } from '@meritmatch/ui';
import { Modal } from '@meritmatch/ui/dialogs';
import { Loaded } from '@meritmatch/web-kit';
import { CandidateDetail } from './CandidateDetail';
import { useAdminCandidate } from './candidate-query';

/** The candidate's full profile in a large dialog (admins only: personal details included). */
export function CandidateModal({
  jobSeekerId,
  requestId = null,
  code,
  onClose,
}: {
  jobSeekerId: string | null;
  /** The request it was opened from: the read is recorded as made for it. */
  requestId?: string | null;
  code: string;
  onClose: () => void;
}) {
  const query = useAdminCandidate(jobSeekerId, requestId);
  return (
    <Modal
      open={jobSeekerId !== null}
      onOpenChange={(open) => !open && onClose()}
      size="lg"
      title={code ? `Candidate ${code}` : 'Candidate'}
      description="The full profile, personal details included. Never share these outside an approved introduction."
    >
      <Loaded
        query={query}
        loading="Loading candidate details…"
        failed="Failed to load candidate details"
        failedDescription="Please try again in a moment."
      >
        {(candidate) => <CandidateDetail candidate={candidate} />}
      </Loaded>
      <div className="dialog__actions">
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      </div>
    </Modal>
  );
}
