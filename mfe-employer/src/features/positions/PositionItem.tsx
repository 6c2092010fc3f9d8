import { type Position, placeText, salaryBandText, workModeLabels } from '@meritmatch/contracts';
import { Badge, Button } from '@meritmatch/ui';
import { countOf } from '@meritmatch/web-kit';
import { Link } from 'react-router-dom';
import { LocationLabel } from '../../shared/LocationLabel';

/** One position: its title and status, its terms, and what the employer can do with it. */
export function PositionItem({
  position,
  moving,
  onEdit,
  onMove,
}: {
  position: Position;
  moving: boolean;
  onEdit: () => void;
  onMove: () => void;
}) {
  const { title } = position;
  const open = position.status === 'open';
  return (
    <li className="list-item employer-position" data-testid="position" data-status={position.status}>
      <div className="employer-position__head split-row">
        <h3 className="employer-position__title break">{title}</h3>
        <Badge tone={open ? 'success' : 'neutral'}>{open ? 'Open' : 'Closed'}</Badge>
      </div>
      <ul className="employer-position__terms small muted" aria-label={`Terms of ${title}`}>
        <li>{workModeLabels[position.work_mode]}</li>
        <li className="employer-location">
          <LocationLabel location={placeText(position.location, position.country)} />
        </li>
        <li>{salaryBandText(position.salary)}</li>
        <li>{countOf(position.must_have.length, 'must-have skill', 'must-have skills')}</li>
      </ul>
      <div className="employer-position__actions">
        {open ? (
          <Link
            className="btn btn--primary btn--sm"
            to={`/employer/search?${new URLSearchParams({ position: position.id })}`}
            aria-label={`Search candidates for ${title}`}
          >
            Search candidates
          </Link>
        ) : null}
        <Button variant="secondary" size="sm" aria-label={`Edit ${title}`} onClick={onEdit}>
          Edit
        </Button>
        <Button
          variant="ghost"
          size="sm"
          className={open ? 'btn--danger-text' : undefined}
          aria-label={`${open ? 'Close' : 'Reopen'} ${title}`}
          busy={moving}
          onClick={onMove}
        >
          {open ? 'Close' : 'Reopen'}
        </Button>
      </div>
    </li>
  );
}
