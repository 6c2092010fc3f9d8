import type { ErasureView } from '@meritmatch/contracts';
import { Badge, EmptyState, LoadingState } from '@meritmatch/ui';
import { formatDateTime, LoadError } from '@meritmatch/web-kit';
import { useErasures } from './erasures-query';
import { userTypeLabels } from './user-actions';

export const noErasuresText = 'No erasures';

const requesterLabels: Record<ErasureView['by'], string> = {
  self: 'The person',
  admin: 'An admin',
  retention: 'Retention limit',
};

const partLabels: Record<ErasureView['parts'][number]['part'], string> = {
  auth: 'Account',
  profile: 'Profile',
  matching: 'Matching',
  notifications: 'Notifications',
  admin: 'Admin',
};

function Time({ at }: { at: string }) {
  return <time dateTime={at}>{formatDateTime(at)}</time>;
}

/** Each part of one erasure: done (when) or waiting. */
function Parts({ erasure }: { erasure: ErasureView }) {
  return (
    <ul className="list admin-parts" aria-label={`Parts of the erasure of ${erasure.userId}`}>
      {erasure.parts.map(({ part, doneAt }) => (
        <li key={part} data-testid="erasure-part" data-part={part} data-done={doneAt ? 'true' : 'false'}>
          <span className="admin-parts__name">{partLabels[part]}</span>{' '}
          {doneAt ? (
            <span className="text-green">
              done <Time at={doneAt} />
            </span>
          ) : (
            <span className="muted">waiting</span>
          )}
        </li>
      ))}
    </ul>
  );
}

/**
 * "Leaving": the erasures under way and those finished lately, as the server orders them
 * (unfinished first). Ids, who asked and times only: an erasure record holds no address or name.
 */
export function LeavingList() {
  const query = useErasures();
  const erasures = query.data;
  return (
    <div className="stack">
      <p className="small muted">
        Each service erases its own part of a person&apos;s data and answers; the account goes last. A part
        that has not answered is asked again every hour.
      </p>
      {query.isError && !erasures ? (
        <LoadError title="The erasures could not be loaded." query={query} />
      ) : !erasures ? (
        <LoadingState label="Loading erasures…" />
      ) : erasures.length === 0 ? (
        <EmptyState
          title={noErasuresText}
          description="Erasures appear here as soon as they are asked for."
        />
      ) : (
        <div className="table-wrap">
          <table className="table admin-erasures">
            <caption className="visually-hidden">Erasures</caption>
            <thead>
              <tr>
                <th scope="col">User id</th>
                <th scope="col">Type</th>
                <th scope="col">Asked by</th>
                <th scope="col">Requested</th>
                <th scope="col">Parts</th>
                <th scope="col">State</th>
              </tr>
            </thead>
            <tbody>
              {erasures.map((erasure) => (
                <tr
                  key={erasure.userId}
                  data-testid="erasure-row"
                  data-user-id={erasure.userId}
                  data-finished={erasure.finishedAt ? 'true' : 'false'}
                >
                  <th scope="row" className="mono admin-id" data-label="User id">
                    {erasure.userId}
                  </th>
                  <td data-label="Type">{userTypeLabels[erasure.userType]}</td>
                  <td data-label="Asked by">{requesterLabels[erasure.by]}</td>
                  <td data-label="Requested">
                    <Time at={erasure.requestedAt} />
                  </td>
                  <td data-label="Parts">
                    <Parts erasure={erasure} />
                  </td>
                  <td data-label="State">
                    {erasure.finishedAt ? (
                      <>
                        <Badge tone="success">Finished</Badge>{' '}
                        <span className="small muted">
                          <Time at={erasure.finishedAt} />
                        </span>
                      </>
                    ) : (
                      <>
                        <Badge tone="warning">Unfinished</Badge>{' '}
                        <span className="small muted">
                          last asked <Time at={erasure.lastSentAt} />
                        </span>
                      </>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
