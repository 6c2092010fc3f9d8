import { type CandidateEvent, type MatchRequestEvent, ZMatchRequestEvent } from '@meritmatch/contracts';
import type { Platform } from '@meritmatch/service-kit';
import { describe, expect, it } from 'vitest';
import type { CandidateCode } from '../data/candidate-codes';
import type { CandidateOwner } from '../data/candidate-owners';
import type { ContactLogRecord, ContactLogRepository } from '../data/contact-logs';
import type { EmployerDirectory, EmployerEntry } from '../data/employer-directory';
import { statusChange } from '../testing/status-change';
import {
  startCandidateCodeConsumer,
  startCandidateOwnerConsumer,
  startContactLogConsumer,
} from './consumers';

const employerId = '33333333-3333-4333-8333-333333333333';

/** An approval; naming the company as earlier events did (read as carried by the event). */
const approval = (companyName?: string): MatchRequestEvent => ({
  ...statusChange({ employerId, withNotes: false }),
  ...(companyName ? { carried: { companyName } } : {}),
});

/** The contact-log consumer's handler, with this service's copy of the companies counting its reads. */
async function contactLogHandler() {
  let handle: ((event: MatchRequestEvent) => Promise<void>) | undefined;
  const platform = {
    consume: async (options: { handle: (event: MatchRequestEvent) => Promise<void> }) => {
      handle = options.handle;
      return {};
    },
  } as unknown as Platform;
  const lookups: string[] = [];
  const directory = {
    find: async (id: string) => {
      lookups.push(id);
      return { employerId: id, companyName: 'Acme (our copy)' } as EmployerEntry;
    },
  } as unknown as EmployerDirectory;
  const entries: ContactLogRecord[] = [];
  const contactLogs = {
    add: async (entry: ContactLogRecord) => {
      entries.push(entry);
      return true;
    },
  } as unknown as ContactLogRepository;
  const asked: Array<[string, string]> = [];
  const requestTexts = async (requestId: string, eventId: string) => {
    asked.push([requestId, eventId]);
    return { adminNotes: 'Asked notes', contactNote: 'Asked contact note' };
  };
  await startContactLogConsumer({ platform, directory, contactLogs, requestTexts });
  return { handle: handle!, lookups, entries, asked };
}

describe('the contact log written from match request events', () => {
  it('takes the company from the event, without reading its own copy', async () => {
    const { handle, lookups, entries } = await contactLogHandler();
    await handle(approval('Acme Robotics'));
    expect(lookups).toEqual([]);
    expect(entries[0]?.notes).toBe('Contact details of candidate EM123456 were shared with Acme Robotics.');
  });

  it('reads its own copy for an event that does not name the company (written before it did)', async () => {
    const { handle, lookups, entries } = await contactLogHandler();
    await handle(approval());
    expect(lookups).toEqual([employerId]);
    expect(entries[0]?.notes).toBe('Contact details of candidate EM123456 were shared with Acme (our copy).');
  });

  it("asks matching for the notes the event's decision left, by the event's id", async () => {
    const { handle, entries, asked } = await contactLogHandler();
    const event = statusChange({ employerId });
    await handle(event);
    expect(asked).toEqual([[event.data.requestId, event.id]]);
    expect(entries[0]?.notes).toBe(
      'Contact details of candidate EM123456 were shared with Acme (our copy). Contact note for the employer: Asked contact note Admin notes: Asked notes',
    );
  });

  it('takes the notes from an earlier event that carried them, and asks nothing for a change that writes no entry', async () => {
    const { handle, entries, asked } = await contactLogHandler();
    // a version 1 event, as read from the topic
    const { version: _, data, ...envelope } = statusChange({ employerId });
    const { withNotes: __, ...carrying } = data;
    await handle(
      ZMatchRequestEvent.parse({
        ...envelope,
        version: 1,
        data: { ...carrying, adminNotes: 'Inline', contactNote: null },
      }),
    );
    await handle(statusChange({ employerId, from: 'approved', to: 'pending', withNotes: false }));
    // no such move writes an entry: nothing is asked for it
    await handle(statusChange({ employerId, from: 'approved', to: 'rejected', withNotes: true }));
    expect(asked).toEqual([]);
    expect(entries.map((entry) => entry.notes)).toEqual([
      'Contact details of candidate EM123456 were shared with Acme (our copy). Admin notes: Inline',
      'The match between Acme (our copy) and candidate EM123456 was reverted to pending.',
    ]);
  });
});

describe("candidates' owners linked from the candidates topic", () => {
  /** The candidate-owners consumer's batch handler, with the links and erasures it asks for. */
  async function ownersHandler() {
    let handleBatch: ((events: CandidateEvent[]) => Promise<void>) | undefined;
    const platform = {
      consume: async (options: { handleBatch: (events: CandidateEvent[]) => Promise<void> }) => {
        handleBatch = options.handleBatch;
        return {};
      },
    } as unknown as Platform;
    const links: CandidateOwner[][] = [];
    const erased: string[] = [];
    await startCandidateOwnerConsumer({
      platform,
      candidateOwners: { link: async (owners) => void links.push([...owners]) },
      erasure: { candidateErased: async (candidateId) => void erased.push(candidateId) },
    });
    return { handleBatch: handleBatch!, links, erased };
  }

  const changed = (candidateId: string, ownerUserId?: string) =>
    ({
      type: 'candidate.profile-changed',
      data: { candidateId, ...(ownerUserId ? { ownerUserId } : {}) },
    }) as CandidateEvent;
  const erasedEvent = (candidateId: string, ownerUserId: string) =>
    ({ type: 'candidate.erased', data: { candidateId, ownerUserId } }) as CandidateEvent;

  it("links a batch's candidates in one write, leaves out those that name no owner, and then erases the erased", async () => {
    const { handleBatch, links, erased } = await ownersHandler();
    await handleBatch([changed('c1', 'u1'), changed('c2'), erasedEvent('c3', 'u3'), changed('c4', 'u4')]);
    expect(links).toEqual([
      [
        { candidateId: 'c1', ownerUserId: 'u1' },
        { candidateId: 'c3', ownerUserId: 'u3' },
        { candidateId: 'c4', ownerUserId: 'u4' },
      ],
    ]);
    expect(erased).toEqual(['c3']);
  });
});

describe("candidates' codes kept from the candidates topic", () => {
  it("records a batch's codes in one write, then forgets the erased", async () => {
    let handleBatch: ((events: CandidateEvent[]) => Promise<void>) | undefined;
    const platform = {
      consume: async (options: { handleBatch: typeof handleBatch; fromBeginning?: boolean }) => {
        expect(options.fromBeginning).toBe(true);
        handleBatch = options.handleBatch;
        return {};
      },
    } as unknown as Platform;
    const recorded: CandidateCode[][] = [];
    const forgotten: string[] = [];
    await startCandidateCodeConsumer({
      platform,
      candidateCodes: {
        record: async (pairs) => void recorded.push([...pairs]),
        forget: async (candidateId) => void forgotten.push(candidateId),
      },
    });
    const changed = (candidateId: string, uniqueCode: string) =>
      ({ type: 'candidate.profile-changed', data: { candidateId, uniqueCode } }) as CandidateEvent;
    const erased = {
      type: 'candidate.erased',
      data: { candidateId: 'c2', ownerUserId: 'u2' },
    } as CandidateEvent;
    await handleBatch!([changed('c1', 'EM000001'), erased, changed('c3', 'EM000003')]);
    expect(recorded).toEqual([
      [
        { candidateId: 'c1', code: 'EM000001' },
        { candidateId: 'c3', code: 'EM000003' },
      ],
    ]);
    expect(forgotten).toEqual(['c2']);
  });
});
