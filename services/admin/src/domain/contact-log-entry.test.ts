import { describe, expect, it } from 'vitest';
import { statusChange } from '../testing/status-change';
import { contactLogEntryFor } from './contact-log-entry';

const change = (from: string, to: string, role: 'admin' | 'employer' | 'job_seeker' = 'admin') =>
  statusChange({
    from: from as never,
    to: to as never,
    actor: { userId: '55555555-5555-4555-8555-555555555555', role },
  });

const notes = { adminNotes: 'Looks right', contactNote: 'Intro call on Friday' };

describe('contact log entries from request events', () => {
  it('says an approval shared the contact details with the company, keyed by the event', () => {
    const entry = contactLogEntryFor(change('pending', 'approved'), 'Acme Robotics', notes);
    expect(entry).toMatchObject({ id: '11111111-1111-4111-8111-111111111111', action: 'approved_match' });
    expect(entry?.notes).toBe(
      'Contact details of candidate EM123456 were shared with Acme Robotics. Contact note for the employer: Intro call on Friday Admin notes: Looks right',
    );
  });

  it('writes no notes where the decision left none (or they were erased)', () => {
    const entry = contactLogEntryFor(change('pending', 'approved'), 'Acme', {
      adminNotes: null,
      contactNote: null,
    });
    expect(entry?.notes).toBe('Contact details of candidate EM123456 were shared with Acme.');
  });

  it.each([
    ['approved', 'pending', 'reverted_to_pending'],
    ['pending', 'rejected', 'rejected_match'],
    ['approved', 'connected', 'connected'],
  ])('%s to %s is %s', (from, to, action) => {
    expect(contactLogEntryFor(change(from, to), null, notes)?.action).toBe(action);
  });

  it('records an employer unmatch without an admin', () => {
    expect(contactLogEntryFor(change('approved', 'unmatched', 'employer'), 'Acme', notes)).toMatchObject({
      action: 'unmatched',
      actorUserId: null,
      notes: 'Acme unmatched from candidate EM123456.',
    });
  });

  it.each([
    [
      'awaiting_candidate',
      'pending',
      'candidate_accepted',
      'Candidate EM123456 accepted the request of Acme: it is now in the pending queue for review.',
    ],
    [
      'awaiting_candidate',
      'declined',
      'candidate_declined',
      'Candidate EM123456 declined the request of Acme. The employer sees it as Not Approved, with no reason.',
    ],
    [
      'pending',
      'withdrawn',
      'consent_withdrawn',
      'Candidate EM123456 withdrew consent for the request of Acme: their contact details will not be shared.',
    ],
  ])(
    "records the candidate's own decision %s to %s as %s, with no admin and no personal detail",
    (from, to, action, text) => {
      expect(contactLogEntryFor(change(from, to, 'job_seeker'), 'Acme', notes)).toMatchObject({
        action,
        actorUserId: null,
        notes: text,
      });
    },
  );

  it.each([
    ['job_seeker', "the candidate's"],
    ['employer', "the company's"],
  ] as const)('records a request closed by the erasure of a %s, with nothing shared', (role, whose) => {
    for (const from of ['pending', 'awaiting_candidate']) {
      expect(contactLogEntryFor(change(from, 'closed', role), 'Acme', notes)).toMatchObject({
        action: 'closed_on_erasure',
        actorUserId: null,
        notes: `The request of Acme for candidate EM123456 was closed: ${whose} account was deleted. Nothing was shared.`,
      });
    }
  });

  it('writes no entry for a change the lifecycle does not name (an earlier event of a move no longer made)', () => {
    expect(contactLogEntryFor(change('pending', 'connected'), 'Acme', notes)).toBeNull();
  });
});
