import { type EmailKind, type EmailPreference, emailKindInfo, emailKindsFor } from '@meritmatch/contracts';
import { DomainError, type Versioned } from '@meritmatch/service-kit/core';

/** The people who have e-mail settings. */
export type PreferenceHolder = 'job_seeker' | 'employer';

/** A user's e-mail settings: the kinds they turned off. Everything else is sent. */
export type EmailPreferences = Versioned & { userId: string; disabled: EmailKind[] };

export type PreferenceErrorReason = 'preference.always-sent' | 'preference.not-for-you';

export function noPreferences(userId: string, now: Date): EmailPreferences {
  return { userId, disabled: [], version: 1, createdAt: now, updatedAt: now };
}

/** Whether an e-mail of this kind goes to this user: security messages always do. */
export function wants(preferences: Pick<EmailPreferences, 'disabled'> | null, kind: EmailKind): boolean {
  if (emailKindInfo[kind].security) return true;
  return !preferences?.disabled.includes(kind);
}

/**
 * Turns one kind on or off. Only the kinds this user can receive; a security message cannot
 * be turned off.
 */
export function setPreference(
  preferences: EmailPreferences,
  holder: PreferenceHolder,
  change: { kind: EmailKind; enabled: boolean },
): EmailPreferences {
  if (!emailKindsFor(holder).includes(change.kind)) {
    throw new DomainError('preference.not-for-you', { kind: change.kind });
  }
  if (emailKindInfo[change.kind].security) {
    if (change.enabled) return preferences;
    throw new DomainError('preference.always-sent', { kind: change.kind });
  }
  const others = preferences.disabled.filter((kind) => kind !== change.kind);
  return { ...preferences, disabled: change.enabled ? others : [...others, change.kind] };
}

/** The settings as the user's screen lists them: every kind they receive, security ones marked. */
export function preferenceList(
  preferences: Pick<EmailPreferences, 'disabled'> | null,
  holder: PreferenceHolder,
): EmailPreference[] {
  return emailKindsFor(holder).map((kind) => ({
    kind,
    label: emailKindInfo[kind].label,
    enabled: wants(preferences, kind),
    always: emailKindInfo[kind].security,
  }));
}
