import type { AdminSearchLogEntry } from '@meritmatch/contracts';
import { Badge } from '@meritmatch/ui';
import { formatDateTime } from '@meritmatch/web-kit';
import { entryInWords } from './search-log-words';

function Shown({ entry }: { entry: AdminSearchLogEntry }) {
  if (entry.results.length === 0) return <span className="muted">No candidate shown</span>;
  return (
    <ul className="admin-codes" aria-label={`Candidates shown, in order (${entry.results.length})`}>
      {entry.results.map((result) => (
        <li key={result.candidate_id} className="admin-code">
          <span className="mono">{result.unique_code}</span>
          {result.score === null ? null : (
            <span className="small muted" title="Score, 0 to 100">
              {' '}
              {result.score}
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}

/** The log as a table, newest first (the server's order); on a phone each entry becomes a card (admin.css). */
export function SearchLogTable({ entries }: { entries: readonly AdminSearchLogEntry[] }) {
  return (
    <div className="table-wrap">
      <table className="table admin-search-log">
        <caption className="visually-hidden">Searches and opened profiles, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Time</th>
            <th scope="col">Company</th>
            <th scope="col">Search</th>
            <th scope="col">Ranking</th>
            <th scope="col">Candidates shown (score)</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.id} data-testid="search-log-entry" data-kind={entry.kind}>
              <th scope="row" data-label="Time">
                <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
              </th>
              <td data-label="Company">
                {entry.company_name ?? (
                  <span>
                    <span className="muted">Unknown company</span>{' '}
                    <span className="mono admin-id">{entry.employer_id}</span>
                  </span>
                )}
              </td>
              <td data-label="Search">
                {entry.kind === 'opened' ? (
                  <Badge tone="info">Opened a profile</Badge>
                ) : (
                  <span className="admin-text">{entryInWords(entry)}</span>
                )}
              </td>
              <td data-label="Ranking">
                {entry.ranking_version ? (
                  <span className="mono">{entry.ranking_version}</span>
                ) : (
                  <span className="muted">Not ranked</span>
                )}
              </td>
              <td data-label="Shown">
                <Shown entry={entry} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
