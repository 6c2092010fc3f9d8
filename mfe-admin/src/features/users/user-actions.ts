import { type AdminUser, statusActionVerb, type UserStatus } from '@meritmatch/contracts';

export type StatusAction = {
  key: 'suspend' | 'activate' | 'delete' | 'restore';
  label: string;
  to: UserStatus;
  /** For 'Are you sure you want to {verb} this user?'. */
  verb: string;
  variant: 'secondary' | 'danger' | 'primary' | 'ghost';
  tone: 'danger' | 'primary';
};

const suspend: StatusAction = {
  key: 'suspend',
  label: 'Suspend',
  to: 'suspended',
  verb: statusActionVerb.suspended,
  variant: 'secondary',
  tone: 'danger',
};
const activate: StatusAction = {
  key: 'activate',
  label: 'Activate',
  to: 'active',
  verb: statusActionVerb.active,
  variant: 'primary',
  tone: 'primary',
};
const remove: StatusAction = {
  key: 'delete',
  label: 'Delete',
  to: 'deleted',
  verb: statusActionVerb.deleted,
  variant: 'danger',
  tone: 'danger',
};
const restore: StatusAction = {
  key: 'restore',
  label: 'Restore Account',
  to: 'active',
  verb: 'restore',
  variant: 'primary',
  tone: 'primary',
};

/** Suspend and Delete an active user, Activate or Delete a suspended one, Restore a deleted one. */
export function statusActionsFor(user: AdminUser): StatusAction[] {
  switch (user.status) {
    case 'active':
      return [suspend, remove];
    case 'suspended':
      return [activate, remove];
    case 'deleted':
      return [restore];
  }
}

export const userTypeLabels: Record<AdminUser['user_type'], string> = {
  job_seeker: 'Job Seeker',
  employer: 'Employer',
  admin: 'Admin',
};

export const userStatusLabels: Record<AdminUser['status'], string> = {
  active: 'Active',
  suspended: 'Suspended',
  deleted: 'Deleted',
};

export const userStatusTones = { active: 'success', suspended: 'warning', deleted: 'danger' } as const;

export const verifyEmployerQuestion = 'Are you sure you want to verify this employer?';
export const revokeEmployerQuestion = "Are you sure you want to revoke this employer's verification?";

/** Case-insensitive match on e-mail, company name or full name. */
export function matchesSearch(user: AdminUser, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  return [user.email, user.profile?.company_name, user.profile?.full_name].some((text) =>
    text?.toLowerCase().includes(needle),
  );
}

/** "Erase for good" asks this first: unlike "Delete", it cannot be undone. */
export const eraseQuestion = (email: string) =>
  `Erase ${email} for good? The account is disabled at once and every service erases this person's data within minutes. This cannot be undone.`;
export const erasureFailed = 'The erasure could not be started. Please try again.';
