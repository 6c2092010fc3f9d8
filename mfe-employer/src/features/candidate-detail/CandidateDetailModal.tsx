import { type CandidateSummary, employerMessages } from '@meritmatch/contracts';
import { Button } from '@meritmatch/ui';
import { Modal } from '@meritmatch/ui/dialogs';
import { Loaded } from '@meritmatch/web-kit';
import { useEffect } from 'react';
import { CandidateDetailView } from './CandidateDetailView';
import { useCandidateDetail } from './candidate-detail-query';
import { FitExplanation } from './FitExplanation';

/**
 * The candidate detail in a large dialog, after the fit to the search in words when the search
 * was ranked. A failed load shows inside the dialog and is reported to the page through
 * `onFailed` (in place of an alert).
 */
export function CandidateDetailModal({
  candidate,
  onClose,
  onFailed,
  onRequestMatch,
}: {
  candidate: CandidateSummary | null;
  onClose: () => void;
  onFailed: (message: string) => void;
  onRequestMatch: (candidate: CandidateSummary) => void;
}) {
  const query = useCandidateDetail(candidate?.id ?? null);
  const failedAt = query.isError ? query.errorUpdatedAt : 0;
  useEffect(() => {
    if (failedAt) onFailed(employerMessages.detailFailedAlert);
  }, [failedAt, onFailed]);

  return (
    <Modal
      open={candidate !== null}
      onOpenChange={(open) => !open && onClose()}
      size="lg"
      title={candidate ? `Candidate ${candidate.unique_code}` : 'Candidate'}
      description="Anonymous profile: personal details are shared only after an admin approves a match."
    >
      {candidate?.fit ? <FitExplanation fit={candidate.fit} /> : null}
      <Loaded
        query={query}
        loading="Loading candidate details…"
        failed={employerMessages.detailFailedModal}
        failedDescription="Please try again in a moment."
      >
        {(detail) => <CandidateDetailView candidate={detail} />}
      </Loaded>
      <div className="dialog__actions">
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
        {candidate ? <Button onClick={() => onRequestMatch(candidate)}>Request Match</Button> : null}
      </div>
    </Modal>
  );
}
