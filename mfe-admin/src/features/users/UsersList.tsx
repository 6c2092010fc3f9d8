import {
  type AdminUser,
  confirmUserAction,
  erasureMessages,
  noUsersText,
  type UserTypeFilter,
  userStatusMessages,
  userTypeFilters,
  verificationMessages,
} from '@meritmatch/contracts';
import { CheckboxField, EmptyState, LoadingState, SelectField, TextField } from '@meritmatch/ui';
import { useConfirm } from '@meritmatch/ui/dialogs';
import { LoadError, Notice } from '@meritmatch/web-kit';
import { errorMessage, useFormMessage } from '@meritmatch/web-session';
import { useDeferredValue, useId, useState } from 'react';
import { CandidateModal } from '../candidate/CandidateModal';
import { useStartErasure } from './erasures-query';
import { type Busy, UserTable } from './UserTable';
import {
  eraseQuestion,
  erasureFailed,
  matchesSearch,
  revokeEmployerQuestion,
  type StatusAction,
  verifyEmployerQuestion,
} from './user-actions';
import { useUsers, useUserWrites } from './users-query';

const typeOptions: { value: UserTypeFilter; label: string }[] = [
  { value: 'all', label: 'All users' },
  { value: 'job_seeker', label: 'Job seekers' },
  { value: 'employer', label: 'Employers' },
  { value: 'admin', label: 'Admins' },
];

const isTypeFilter = (value: string): value is UserTypeFilter =>
  (userTypeFilters as readonly string[]).includes(value);

/**
 * The users list of /admin/users: filter, search, status changes, employer verification and
 * "Erase for good", each confirmed first.
 */
export function UsersList() {
  const [userType, setUserType] = useState<UserTypeFilter>('all');
  const [includeDeleted, setIncludeDeleted] = useState(false);
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search);
  const query = useUsers(userType, includeDeleted);
  const { setStatus, setVerified } = useUserWrites();
  const startErasure = useStartErasure();
  const eraseHelpId = useId();
  const confirm = useConfirm();
  const feedback = useFormMessage();
  const [viewing, setViewing] = useState<AdminUser | null>(null);
  const busy: Busy = setStatus.isPending
    ? { userId: setStatus.variables.id, what: setStatus.variables.status }
    : setVerified.isPending
      ? { userId: setVerified.variables.id, what: 'verify' }
      : startErasure.isPending
        ? { userId: startErasure.variables, what: 'erase' }
        : null;
  const report = (failed: string) => ({
    onSuccess: (answer: { message: string }) => feedback.show(answer.message),
    onError: (error: unknown) => feedback.show(errorMessage(error, failed)),
  });

  const changeStatus = async (user: AdminUser, action: StatusAction) => {
    const ok = await confirm(confirmUserAction(action.verb), {
      confirmLabel: action.label,
      tone: action.tone,
    });
    if (!ok) return;
    feedback.clear();
    setStatus.mutate({ id: user.id, status: action.to }, report(userStatusMessages.failed));
  };

  const changeVerification = async (user: AdminUser, verified: boolean) => {
    const ok = await confirm(verified ? verifyEmployerQuestion : revokeEmployerQuestion, {
      confirmLabel: verified ? 'Verify Employer' : 'Revoke Verification',
      tone: verified ? 'primary' : 'danger',
    });
    if (!ok) return;
    feedback.clear();
    setVerified.mutate({ id: user.id, verified }, report(verificationMessages.failed));
  };

  const erase = async (user: AdminUser) => {
    const ok = await confirm(eraseQuestion(user.email), {
      title: 'Erase for good',
      confirmLabel: 'Erase for good',
      tone: 'danger',
    });
    if (!ok) return;
    feedback.clear();
    startErasure.mutate(user.id, report(erasureFailed));
  };

  const users = query.data ?? [];
  const shown = users.filter((user) => matchesSearch(user, deferredSearch));

  return (
    <>
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
        <p className="small muted admin-help" id={eraseHelpId}>
          {erasureMessages.notErasure}
        </p>
        <Notice message={feedback.message} list={query.data} />
        {query.isPending ? (
          <LoadingState label="Loading users…" />
        ) : query.isError ? (
          <LoadError title="The users could not be loaded." query={query} />
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
              onErase={(user) => void erase(user)}
              eraseHelpId={eraseHelpId}
            />
          </>
        )}
      </div>
      <CandidateModal
        jobSeekerId={viewing?.profile?.candidate_id ?? null}
        code={viewing?.profile?.unique_code ?? ''}
        onClose={() => setViewing(null)}
      />
    </>
  );
}
