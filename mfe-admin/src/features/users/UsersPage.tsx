import {
  type AdminUser,
  confirmUserAction,
  noUsersText,
  userStatusMessages,
  verificationMessages,
} from '@meritmatch/contracts';
import {
  Button,
  Card,
  CheckboxField,
  EmptyState,
  ErrorState,
  LoadingState,
  SelectField,
  TextField,
} from '@meritmatch/ui';
import { useConfirm } from '@meritmatch/ui/dialogs';
import { errorMessage, useFormMessage } from '@meritmatch/web-session';
import { useDeferredValue, useState } from 'react';
import { PageMessage } from '../../shared/PageMessage';
import { CandidateModal } from '../candidate/CandidateModal';
import { type Busy, UserTable } from './UserTable';
import {
  matchesSearch,
  revokeEmployerQuestion,
  type StatusAction,
  verifyEmployerQuestion,
} from './user-actions';
import { type UserTypeFilter, userTypeFilters, useUsers, useUserWrites } from './users-query';

const typeOptions: { value: UserTypeFilter; label: string }[] = [
  { value: 'all', label: 'All users' },
  { value: 'job_seeker', label: 'Job seekers' },
  { value: 'employer', label: 'Employers' },
  { value: 'admin', label: 'Admins' },
];

const isTypeFilter = (value: string): value is UserTypeFilter =>
  (userTypeFilters as readonly string[]).includes(value);

/** /admin/users: filter, search, status changes and employer verification, each confirmed first. */
export function UsersPage() {
  const [userType, setUserType] = useState<UserTypeFilter>('all');
  const [includeDeleted, setIncludeDeleted] = useState(false);
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search);
  const query = useUsers(userType, includeDeleted);
  const { setStatus, setVerified } = useUserWrites();
  const confirm = useConfirm();
  const feedback = useFormMessage();
  const [busy, setBusy] = useState<Busy>(null);
  const [viewing, setViewing] = useState<AdminUser | null>(null);

  const changeStatus = async (user: AdminUser, action: StatusAction) => {
    const ok = await confirm(confirmUserAction(action.verb), {
      confirmLabel: action.label,
      tone: action.tone,
    });
    if (!ok) return;
    feedback.clear();
    setBusy({ userId: user.id, what: action.key });
    try {
      feedback.show((await setStatus(user.id, action.to)).message);
    } catch (error) {
      feedback.show(errorMessage(error, userStatusMessages.failed));
    } finally {
      setBusy(null);
    }
  };

  const changeVerification = async (user: AdminUser, verified: boolean) => {
    const ok = await confirm(verified ? verifyEmployerQuestion : revokeEmployerQuestion, {
      confirmLabel: verified ? 'Verify Employer' : 'Revoke Verification',
      tone: verified ? 'primary' : 'danger',
    });
    if (!ok) return;
    feedback.clear();
    setBusy({ userId: user.id, what: 'verify' });
    try {
      feedback.show((await setVerified(user.id, verified)).message);
    } catch (error) {
      feedback.show(errorMessage(error, verificationMessages.failed));
    } finally {
      setBusy(null);
    }
  };

  const users = query.data ?? [];
  const shown = users.filter((user) => matchesSearch(user, deferredSearch));

  return (
    <Card title="User Management">
      <div className="stack">
        <search className="admin-filters" aria-label="Filter users">
          <SelectField
            label="User type"
            options={typeOptions}
            value={userType}
            onChange={(event) => isTypeFilter(event.target.value) && setUserType(event.target.value)}
          />
          <TextField
            label="Search users"
            type="search"
            placeholder="E-mail, company or name"
            autoComplete="off"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
          <CheckboxField
            label="Include deleted users"
            checked={includeDeleted}
            onChange={(event) => setIncludeDeleted(event.target.checked)}
          />
        </search>
        <PageMessage message={feedback.message} listVersion={query.data} />
        {query.isPending ? (
          <LoadingState label="Loading users…" />
        ) : query.isError ? (
          <ErrorState
            title="The users could not be loaded."
            description="Please check your connection and try again."
            action={
              <Button variant="secondary" busy={query.isFetching} onClick={() => void query.refetch()}>
                {query.isFetching ? 'Retrying…' : 'Try again'}
              </Button>
            }
          />
        ) : shown.length === 0 ? (
          <EmptyState
            title={noUsersText}
            description={
              users.length > 0
                ? 'No loaded user matches the search.'
                : 'Try another user type or include deleted users.'
            }
          />
        ) : (
          <>
            <p className="small muted admin-count" aria-live="polite">
              Showing {shown.length} of {users.length} {users.length === 1 ? 'user' : 'users'}
            </p>
            <UserTable
              users={shown}
              busy={busy}
              onStatus={(user, action) => void changeStatus(user, action)}
              onVerify={(user, verified) => void changeVerification(user, verified)}
              onViewProfile={setViewing}
            />
          </>
        )}
      </div>
      <CandidateModal
        jobSeekerId={viewing?.profile?.candidate_id ?? null}
        code={viewing?.profile?.unique_code ?? ''}
        onClose={() => setViewing(null)}
      />
    </Card>
  );
}
