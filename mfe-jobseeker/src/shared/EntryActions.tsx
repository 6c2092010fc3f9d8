import { Button } from '@meritmatch/ui';

/** Edit and Delete for one listed entry; `what` names it for assistive technology. */
export function EntryActions({
  what,
  onEdit,
  onDelete,
  editing = false,
  deleting = false,
}: {
  /** e.g. `experience at Acme`: the buttons read `Edit experience at Acme`, `Delete experience at Acme`. */
  what: string;
  onEdit?: () => void;
  onDelete: () => void;
  editing?: boolean;
  deleting?: boolean;
}) {
  return (
    <div className="entry__actions">
      {onEdit ? (
        <Button variant="secondary" size="sm" aria-label={`Edit ${what}`} disabled={editing} onClick={onEdit}>
          Edit
        </Button>
      ) : null}
      <Button
        variant="ghost"
        size="sm"
        className="btn--danger-text"
        aria-label={`Delete ${what}`}
        busy={deleting}
        onClick={onDelete}
      >
        Delete
      </Button>
    </div>
  );
}
