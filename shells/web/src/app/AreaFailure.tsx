import { Button, ErrorState } from '@meritmatch/ui/feedback';

/**
 * The federation runtime's words when a remote needs another version of a shared singleton
 * (React, the router, the session) than the shell runs: "… of shared singleton module X does
 * not satisfy the requirement of Y which needs ^2.0.0".
 */
const incompatible =
  /shared singleton module (\S+) does not satisfy the requirement of \S+ which needs ([^)\s]+)/;

/** An area that could not load: why, in the area only, with a retry. */
export default function AreaFailure({
  label,
  error,
  onRetry,
}: {
  label: string;
  error: unknown;
  onRetry: () => void;
}) {
  const mismatch = incompatible.exec(error instanceof Error ? error.message : String(error));
  return (
    <ErrorState
      title={`The ${label} could not be loaded.`}
      description={
        mismatch
          ? `This version of the ${label} needs ${mismatch[1]} ${mismatch[2]}, which this version of MeritMatch does not have. The rest of the site still works; the area returns once both are updated.`
          : 'This part of MeritMatch is temporarily unavailable. The rest of the site still works; please try again in a moment.'
      }
      action={<Button onClick={onRetry}>Try again</Button>}
    />
  );
}
