import { describe, expect, it } from 'vitest';
import { noPreferences, preferenceList, setPreference, wants } from './preferences';

const now = new Date('2026-03-01T10:00:00Z');

describe('e-mail preferences', () => {
  it('sends everything until the user turns a kind off', () => {
    expect(wants(null, 'request.received')).toBe(true);
    const off = setPreference(noPreferences('u1', now), 'job_seeker', {
      kind: 'request.received',
      enabled: false,
    });
    expect(wants(off, 'request.received')).toBe(false);
    expect(wants(off, 'request.introduced')).toBe(true);
    const on = setPreference(off, 'job_seeker', { kind: 'request.received', enabled: true });
    expect(wants(on, 'request.received')).toBe(true);
  });

  it('always sends security messages, whatever is stored', () => {
    expect(wants({ disabled: ['account.suspended', 'account.restored'] }, 'account.suspended')).toBe(true);
    expect(wants({ disabled: ['account.restored'] }, 'account.restored')).toBe(true);
    expect(() =>
      setPreference(noPreferences('u1', now), 'employer', { kind: 'account.suspended', enabled: false }),
    ).toThrowError('preference.always-sent');
  });

  it("refuses a kind the user never receives (a job seeker cannot change an employer's e-mail)", () => {
    expect(() =>
      setPreference(noPreferences('u1', now), 'job_seeker', { kind: 'request.approved', enabled: false }),
    ).toThrowError('preference.not-for-you');
  });

  it('turning the same kind off twice keeps it once', () => {
    const once = setPreference(noPreferences('u1', now), 'employer', {
      kind: 'employer.verified',
      enabled: false,
    });
    const twice = setPreference(once, 'employer', { kind: 'employer.verified', enabled: false });
    expect(twice.disabled).toEqual(['employer.verified']);
  });

  it("lists a user's kinds with the security ones always on", () => {
    const list = preferenceList({ disabled: ['request.approved'] }, 'employer');
    expect(list.map((entry) => [entry.kind, entry.enabled, entry.always])).toEqual([
      ['employer.verified', true, false],
      ['employer.verification-revoked', true, false],
      ['request.approved', false, false],
      ['request.not-approved', true, false],
      ['account.suspended', true, true],
      ['account.restored', true, true],
      ['account.password-reset', true, true],
      ['account.password-changed', true, true],
      ['account.email-confirmation', true, true],
      ['account.email-change', true, true],
      ['account.email-changed', true, true],
      ['account.retention-reminder', true, true],
      ['search.digest', true, false],
    ]);
  });
});
