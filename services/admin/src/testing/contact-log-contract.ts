import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import {
  type ContactLogRecord,
  type ContactLogRepository,
  type ContactLogSelection,
  erasedNotes,
} from '../data/contact-logs';

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

    it('reads only the selected entries: by request, employer, candidate, action and period', async () => {
      const { contactLogs } = await opening;
      const employerId = randomUUID();
      const candidateId = randomUUID();
      const requestId = randomUUID();
      const day = (date: number) => new Date(Date.UTC(2031, 4, date, 12));
      const theirs = [
        entry({ employerId, candidateId, requestId, action: 'approved_match', createdAt: day(1) }),
        entry({ employerId, candidateId, requestId, action: 'note', createdAt: day(2) }),
        entry({ employerId, action: 'note', createdAt: day(3) }),
        entry({ employerId, candidateId, action: 'contact_made', createdAt: day(4) }),
      ];
      for (const item of [...theirs, entry({ candidateId, createdAt: day(2) })]) await contactLogs.add(item);
      const ids = async (selection: ContactLogSelection, limit = 10) =>
        (await contactLogs.page({ limit, selection })).entries.map((item) => item.id);
      const [first, second, third, fourth] = theirs.map((item) => item.id);

      expect(await ids({ employerId })).toEqual([fourth, third, second, first]);
      expect(await ids({ requestId })).toEqual([second, first]);
      expect(await ids({ employerId, candidateId })).toEqual([fourth, second, first]);
      expect(await ids({ employerId, action: 'note' })).toEqual([third, second]);
      expect(await ids({ employerId, since: day(2), until: day(4) })).toEqual([third, second]);
      expect(await ids({ employerId: randomUUID() })).toEqual([]);
      // the pages of a selection follow one another as the whole log's do
      const firstPage = await contactLogs.page({ limit: 3, selection: { employerId } });
      expect(firstPage.hasNext).toBe(true);
      const last = firstPage.entries.at(-1)!;
      const next = await contactLogs.page({
        limit: 3,
        selection: { employerId },
        after: { createdAt: last.createdAt, id: last.id },
      });
      expect(next.entries.map((item) => item.id)).toEqual([first]);
      expect(next.hasNext).toBe(false);
    });

    it('gives every selected entry once, newest first, in batches of the size asked', async () => {
      const { contactLogs } = await opening;
      const employerId = randomUUID();
      const written = Array.from({ length: 23 }, (_, i) =>
        entry({ employerId, createdAt: new Date(Date.UTC(2032, 0, 1) - Math.floor(i / 3) * 1000) }),
      );
      for (const item of written) await contactLogs.add(item);
      await contactLogs.add(entry());
      const sizes: number[] = [];
      const read: string[] = [];
      for await (const batch of contactLogs.batches({ employerId }, 10)) {
        sizes.push(batch.length);
        read.push(...batch.map((item) => item.id));
      }
      expect(sizes).toEqual([10, 10, 3]);
      expect(read).toEqual(
        [...written]
          .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1))
          .map((item) => item.id),
      );
      const none: ContactLogRecord[][] = [];
      for await (const batch of contactLogs.batches({ employerId: randomUUID() }, 10)) none.push(batch);
      expect(none).toEqual([]);
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
