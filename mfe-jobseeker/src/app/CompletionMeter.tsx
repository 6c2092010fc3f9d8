import { completionBand, type completionOf } from '@meritmatch/contracts';
import { Meter } from '@meritmatch/ui';
import { useId } from 'react';

type Completion = ReturnType<typeof completionOf>;

/** Percentage, a coloured bar and the spec's message for the band. */
export function CompletionMeter({ completion }: { completion: Completion }) {
  const labelId = useId();
  const { percentage, tone, message } = completion;
  return (
    <div className="completion">
      <div className="completion__head">
        <span id={labelId} className="completion__label">
          Profile strength
        </span>
        <span className={`completion__value text-${tone}`} data-testid="completion-percentage">
          {percentage}%
        </span>
      </div>
      <Meter percentage={percentage} tone={tone} labelledBy={labelId} valueText={`${percentage}% complete`} />
      <p className="completion__message small muted" data-testid="completion-message" aria-live="polite">
        {message}
      </p>
    </div>
  );
}

/**
 * The meter's space while the profile loads, kept empty and hidden from everyone: the menu has
 * its full height from the first paint, so the section beside or below it does not move when the
 * percentage comes (layout shift).
 */
export function CompletionMeterSpace() {
  return (
    <div className="completion completion--pending" aria-hidden="true">
      <div className="completion__head">
        <span className="completion__label">Profile strength</span>
        <span className="completion__value">0%</span>
      </div>
      <div className="meter" />
      <p className="completion__message small muted">{completionBand(60).message}</p>
    </div>
  );
}
