import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { type ContactLogRecord, type ContactLogRepository, erasedNotes } from '../data/contact-logs';

/** A contact log to hold to the contract, and how to let it go. */
export type ContactLogWorld = { contactLogs: ContactLogRepository; close: () => Promise<void> };

const entry = (fields: Partial<ContactLogRecord> = {}): ContactLogRecord => ({
  id: randomUUID(),
  requestId: randomUUID(),
  action: 'note',
  notes: 'Called the employer.',
  actorUserId: null,
  createdAt: new Date(Date.UTC(2026, 10, 29, 12)),
  employerId: randomUUID(),
  candidateId: randomUUID(),
  ...fields,
});

/**
 * What the contact log's repository does, whatever holds it: the one test of the Mongo
 * repository and of the in-memory one route tests use, so a page read in a route test is
 * the page the service reads.
 */
export function describeContactLogContract(name: string, open: () => Promise<ContactLogWorld>) {
  describe(`${name}: the contact log's contract`, () => {
    // opened as the file is collected; every case waits for it
    const opening = open();
    afterAll(async () => (await opening).close());

    it('adds an entry once: the same id again is refused and changes nothing', async () => {
      const { contactLogs } = await opening;
      const first = entry({ notes: 'First' });
      expect(await contactLogs.add(first)).toBe(true);
      expect(await contactLogs.add({ ...first, notes: 'Second' })).toBe(false);
      expect(await contactLogs.find(first.id)).toMatchObject({
        id: first.id,
        notes: 'First',
      });
      expect(await contactLogs.find(randomUUID())).toBeNull();
    });

    it('reads every entry once by pages, newest first then by id, across runs of equal times', async () => {
      const { contactLogs } = await opening;
      const requestId = randomUUID();
      const newest = Date.UTC(2027, 0, 1);
      const written = Array.from({ length: 130 }, (_, i) =>
        entry({ requestId, createdAt: new Date(newest - Math.floor(i / 4) * 1000) }),
      );
      for (const item of written) await contactLogs.add(item);
      const expected = [...written]
        .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1))
        .map((item) => item.id);
      const read: string[] = [];
      let after: { createdAt: Date; id: string } | undefined;
      let hasNext = true;
      while (hasNext) {
        const page = await contactLogs.page({ limit: 15, after });
        read.push(...page.entries.map((item) => item.id));
        hasNext = page.hasNext;
        const last = page.entries.at(-1);
        if (last) after = { createdAt: last.createdAt, id: last.id };
      }
      // these are the newest entries of the log: the ones before come after them, none twice
      expect(read.slice(0, expected.length)).toEqual(expected);
      expect(new Set(read).size).toBe(read.length);
    });

    it("answers a request's entries oldest first, and tells older entries their parties", async () => {
      const { contactLogs } = await opening;
      const requestId = randomUUID();
      const parties = { employerId: randomUUID(), candidateId: randomUUID() };
      const older = entry({ requestId, employerId: null, candidateId: null, createdAt: new Date(1000) });
      const newer = entry({ requestId, ...parties, createdAt: new Date(2000) });
      await contactLogs.add(newer);
      await contactLogs.add(older);
      expect((await contactLogs.forRequests([requestId])).map((item) => item.id)).toEqual([
        older.id,
        newer.id,
      ]);
      expect(await contactLogs.forRequests([])).toEqual([]);
      await contactLogs.assignParties(requestId, parties);
      expect(await contactLogs.find(older.id)).toMatchObject(parties);
    });

    it("erases the notes of an erased party's entries, now and later, and only theirs", async () => {
      const { contactLogs } = await opening;
      const employerId = randomUUID();
      const theirs = entry({ employerId, notes: 'Spoke to Ada Lovelace.' });
      const others = entry({ notes: 'Spoke to someone else.' });
      await contactLogs.add(theirs);
      await contactLogs.add(others);
      expect(await contactLogs.eraseParty({ employerId })).toBe(1);
      expect(await contactLogs.eraseParty({ employerId })).toBe(0);
      const later = entry({ employerId, notes: 'Written after the erasure.' });
      await contactLogs.add(later);
      expect((await contactLogs.find(theirs.id))?.notes).toBe(erasedNotes);
      expect((await contactLogs.find(later.id))?.notes).toBe(erasedNotes);
      expect((await contactLogs.find(others.id))?.notes).toBe('Spoke to someone else.');
    });
  });
}
