import type { AdminUser, UserStatus } from '@meritmatch/contracts';
import { Badge, Button } from '@meritmatch/ui';
import { formatDate } from '@meritmatch/web-kit';
import {
  type StatusAction,
  statusActionsFor,
  userStatusLabels,
  userStatusTones,
  userTypeLabels,
} from './user-actions';

/** The row a write is running for, and which: the status it sets, the verification or the erasure. */
export type Busy = { userId: string; what: UserStatus | 'verify' | 'erase' } | null;

function ProfileInfo({ user }: { user: AdminUser }) {
  const profile = user.profile;
  if (user.user_type === 'admin') return <span className="muted">Administrator</span>;
  if (!profile) return <span className="muted">No profile yet</span>;
  if (user.user_type === 'employer') {
    return (
      <div className="admin-profile">
        <span className="admin-profile__main">{profile.company_name ?? 'Unnamed company'}</span>
        {profile.industry ? <span className="small muted">{profile.industry}</span> : null}
        <span>
          {profile.verified ? (
            <Badge tone="success">Verified</Badge>
          ) : (
            <Badge tone="warning">Not verified</Badge>
          )}
        </span>
      </div>
    );
  }
  return (
    <div className="admin-profile">
      <span className="admin-profile__main">{profile.full_name ?? 'No name'}</span>
      {profile.unique_code ? <span className="mono small">{profile.unique_code}</span> : null}
      {profile.location ? <span className="small muted">{profile.location}</span> : null}
    </div>
  );
}

/** Whether the person confirmed their address through the link sent to it, in words. */
function AddressBadge({ confirmed }: { confirmed: boolean }) {
  return confirmed ? (
    <Badge tone="success">E-mail confirmed</Badge>
  ) : (
    <Badge tone="warning">Not confirmed</Badge>
  );
}

/** The users as a table; on a phone each row becomes a card (see admin.css). */
export function UserTable({
  users,
  busy,
  onStatus,
  onVerify,
  onViewProfile,
  onErase,
  eraseHelpId,
}: {
  users: readonly AdminUser[];
  busy: Busy;
  onStatus: (user: AdminUser, action: StatusAction) => void;
  onVerify: (user: AdminUser, verified: boolean) => void;
  onViewProfile: (user: AdminUser) => void;
  /** "Erase for good", for a job seeker or an employer (an admin account is never erased). */
  onErase: (user: AdminUser) => void;
  /** The text that tells "Delete" (a suspension) from "Erase for good", read with both buttons. */
  eraseHelpId: string;
}) {
  return (
    <div className="table-wrap">
      <table className="table admin-users">
        <caption className="visually-hidden">Users</caption>
        <thead>
          <tr>
            <th scope="col">E-mail</th>
            <th scope="col">Type</th>
            <th scope="col">Status</th>
            <th scope="col">Created</th>
            <th scope="col">Profile</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {users.map((user) => {
            const rowBusy = busy?.userId === user.id;
            const verified = user.profile?.verified === true;
            return (
              <tr key={user.id} data-testid="user-row" data-email={user.email}>
                <th scope="row" className="admin-users__email" data-label="E-mail">
                  {user.email}
                </th>
                <td data-label="Type">{userTypeLabels[user.user_type]}</td>
                <td data-label="Status">
                  <div className="admin-badges">
                    <Badge tone={userStatusTones[user.status]}>{userStatusLabels[user.status]}</Badge>
                    <AddressBadge confirmed={user.email_confirmed} />
                  </div>
                </td>
                <td data-label="Created">
                  <time dateTime={user.created_at}>{formatDate(user.created_at)}</time>
                </td>
                <td data-label="Profile">
                  <ProfileInfo user={user} />
                </td>
                <td data-label="Actions">
                  <div className="admin-users__actions">
                    {statusActionsFor(user).map((action) => (
                      <Button
                        key={action.key}
                        size="sm"
                        variant={action.variant}
                        aria-label={`${action.label} ${user.email}`}
                        aria-describedby={action.key === 'delete' ? eraseHelpId : undefined}
                        busy={rowBusy && busy?.what === action.to}
                        disabled={rowBusy}
                        onClick={() => onStatus(user, action)}
                      >
                        {action.label}
                      </Button>
                    ))}
                    {user.user_type === 'employer' && user.profile ? (
                      <Button
                        size="sm"
                        variant={verified ? 'ghost' : 'success'}
                        className={verified ? 'btn--danger-text' : undefined}
                        aria-label={`${verified ? 'Revoke Verification' : 'Verify Employer'} ${user.email}`}
                        busy={rowBusy && busy?.what === 'verify'}
                        disabled={rowBusy}
                        onClick={() => onVerify(user, !verified)}
                      >
                        {verified ? 'Revoke Verification' : 'Verify Employer'}
                      </Button>
                    ) : null}
                    {user.user_type !== 'admin' ? (
                      <Button
                        size="sm"
                        variant="ghost"
                        className="btn--danger-text"
                        aria-label={`Erase for good ${user.email}`}
                        aria-describedby={eraseHelpId}
                        busy={rowBusy && busy?.what === 'erase'}
                        disabled={rowBusy}
                        onClick={() => onErase(user)}
                      >
                        Erase for good
                      </Button>
                    ) : null}
                    {user.user_type === 'job_seeker' && user.profile?.candidate_id ? (
                      <Button
                        size="sm"
                        variant="ghost"
                        aria-label={`View profile of ${user.email}`}
                        onClick={() => onViewProfile(user)}
                      >
                        View profile
                      </Button>
                    ) : null}
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
