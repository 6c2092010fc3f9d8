import type { SavedSearch } from '@meritmatch/contracts';
import { Button, CheckboxField } from '@meritmatch/ui';
import { formatDateTime } from '@meritmatch/web-kit';
import { Link } from 'react-router-dom';
import { filtersInWords, runPath } from './saved-search-text';

/**
 * One saved search: its name, its filters in words, the daily e-mail's switch (saved as soon as
 * it changes), when a digest last looked for new candidates, and Run, Rename and Delete.
 */
export function SavedSearchItem({
  search,
  deleting,
  onDigest,
  onRename,
  onDelete,
}: {
  search: SavedSearch;
  deleting: boolean;
  onDigest: (digest: boolean) => void;
  onRename: () => void;
  onDelete: () => void;
}) {
  const { name } = search;
  const words = filtersInWords(search);
  return (
    <li className="list-item employer-saved" data-testid="saved-search">
      <h3 className="employer-saved__name break">{name}</h3>
      <ul className="employer-saved__filters small muted" aria-label={`Filters of ${name}`}>
        {words.length > 0 ? words.map((phrase) => <li key={phrase}>{phrase}</li>) : <li>All candidates</li>}
      </ul>
      <div className="employer-saved__digest">
        <CheckboxField
          label={
            <>
              Daily e-mail: {search.digest ? 'on' : 'off'}
              <span className="visually-hidden"> for {name}</span>
            </>
          }
          checked={search.digest}
          onChange={(event) => onDigest(event.currentTarget.checked)}
        />
        {search.last_digest_at ? (
          <p className="small muted employer-saved__checked">
            Last checked <time dateTime={search.last_digest_at}>{formatDateTime(search.last_digest_at)}</time>
          </p>
        ) : null}
      </div>
      <div className="employer-saved__actions">
        <Link className="btn btn--primary btn--sm" to={runPath(search)} aria-label={`Run ${name}`}>
          Run
        </Link>
        <Button variant="secondary" size="sm" aria-label={`Rename ${name}`} onClick={onRename}>
          Rename
        </Button>
        <Button
          variant="ghost"
          size="sm"
          className="btn--danger-text"
          aria-label={`Delete ${name}`}
          busy={deleting}
          onClick={onDelete}
        >
          Delete
        </Button>
      </div>
    </li>
  );
}
