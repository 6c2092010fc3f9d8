import type { MatchRequestEvent } from '@meritmatch/contracts';
import type { Platform } from '@meritmatch/service-kit';
import { describe, expect, it } from 'vitest';
import type { ContactLogRecord, ContactLogRepository } from '../data/contact-logs';
import type { EmployerDirectory, EmployerEntry } from '../data/employer-directory';
import { statusChange } from '../testing/status-change';
import { startContactLogConsumer } from './consumers';

const employerId = '33333333-3333-4333-8333-333333333333';

const approval = (companyName?: string): MatchRequestEvent =>
  statusChange({ employerId, adminNotes: null, contactNote: null, ...(companyName ? { companyName } : {}) });

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
  await startContactLogConsumer({ platform, directory, contactLogs });
  return { handle: handle!, lookups, entries };
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
});
