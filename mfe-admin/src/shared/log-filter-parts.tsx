import { Button } from '@meritmatch/ui';

/** A candidate code field's look, for the logs' filters: typed as the admin sees it, never corrected. */
export const candidateCodeFieldProps = {
  label: 'Candidate code',
  placeholder: 'EM123456',
  autoComplete: 'off',
  spellCheck: false,
  className: 'mono',
} as const;

/** A log filter form's buttons: Apply filters, and Clear filters once some are applied. */
export function FilterActions({ filtered, onClear }: { filtered: boolean; onClear: () => void }) {
  return (
    <div className="admin-log-filters__actions">
      <Button type="submit" size="sm">
        Apply filters
      </Button>
      {filtered ? (
        <Button type="button" size="sm" variant="ghost" onClick={onClear}>
          Clear filters
        </Button>
      ) : null}
    </div>
  );
}
