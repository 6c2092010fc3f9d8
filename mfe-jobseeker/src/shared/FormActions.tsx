import { Button } from '@meritmatch/ui';

/** Submit (Add … / Update …, busy while saving) and, when there is something to drop, Cancel. */
export function FormActions({
  noun,
  editing,
  busy,
  showCancel,
  onCancel,
}: {
  noun: string;
  editing: boolean;
  busy: boolean;
  showCancel: boolean;
  onCancel: () => void;
}) {
  return (
    <div className="form-actions">
      <Button type="submit" busy={busy}>
        {busy ? 'Saving…' : editing ? `Update ${noun}` : `Add ${noun}`}
      </Button>
      {showCancel ? (
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
      ) : null}
    </div>
  );
}
