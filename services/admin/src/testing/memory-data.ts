import type { CandidateCodes } from '../data/candidate-codes';
import {
  type ContactLogRecord,
  type ContactLogRepository,
  type ContactLogSelection,
  type ErasedParty,
  erasedNotes,
} from '../data/contact-logs';
import type { EmployerDirectory, EmployerEntry } from '../data/employer-directory';

/** Newest first, then by id descending (as the collection's index orders them). */
const newestFirst = (a: ContactLogRecord, b: ContactLogRecord) =>
  b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

/** Whether an entry is one of the selection's. */
const selects =
  ({ since, until, ...fields }: ContactLogSelection) =>
  (entry: ContactLogRecord) =>
    Object.entries(fields).every(
      ([name, value]) => value === undefined || entry[name as keyof typeof fields] === value,
    ) &&
    (!since || entry.createdAt >= since) &&
    (!until || entry.createdAt < until);

/** The contact log in memory, with the repository's order, paging, duplicate refusal and erasure. */
export function memoryContactLogs(): ContactLogRepository & { count: () => number } {
  const entries = new Map<string, ContactLogRecord>();
  const erased = new Set<string>();
  const erasedKey = (party: ErasedParty) =>
    'employerId' in party ? `employer:${party.employerId}` : `candidate:${party.candidateId}`;
  const ofErasedParty = ({ employerId, candidateId }: Pick<ContactLogRecord, 'employerId' | 'candidateId'>) =>
    (employerId && erased.has(erasedKey({ employerId }))) ||
    (candidateId && erased.has(erasedKey({ candidateId })));
  const copy = (entry: ContactLogRecord): ContactLogRecord => ({
    ...entry,
    createdAt: new Date(entry.createdAt),
  });

  return {
    async add(entry) {
      if (entries.has(entry.id)) return false;
      entries.set(entry.id, { ...copy(entry), notes: ofErasedParty(entry) ? erasedNotes : entry.notes });
      return true;
    },
    async page({ limit, after, selection = {} }) {
      const sorted = [...entries.values()].filter(selects(selection)).sort(newestFirst);
      const from = after
        ? sorted.filter(
            (entry) =>
              entry.createdAt < after.createdAt ||
              (entry.createdAt.getTime() === after.createdAt.getTime() && entry.id < after.id),
          )
        : sorted;
      return { entries: from.slice(0, limit).map(copy), hasNext: from.length > limit };
    },
    async *batches(selection, size) {
      const sorted = [...entries.values()].filter(selects(selection)).sort(newestFirst);
      for (let start = 0; start < sorted.length; start += size)
        yield sorted.slice(start, start + size).map(copy);
    },
    async forRequests(requestIds) {
      const wanted = new Set(requestIds);
      return [...entries.values()]
        .filter((entry) => wanted.has(entry.requestId))
        .sort((a, b) => newestFirst(b, a))
        .map(copy);
    },
    async assignParties(requestId, parties) {
      for (const entry of entries.values())
        if (entry.requestId === requestId && !entry.employerId) Object.assign(entry, parties);
    },
    async eraseParty(party) {
      erased.add(erasedKey(party));
      let modified = 0;
      for (const entry of entries.values()) {
        const of =
          'employerId' in party
            ? entry.employerId === party.employerId
            : entry.candidateId === party.candidateId;
        if (of && entry.notes !== erasedNotes) {
          entry.notes = erasedNotes;
          modified += 1;
        }
      }
      return modified;
    },
    async find(id) {
      const entry = entries.get(id);
      return entry ? copy(entry) : null;
    },
    /** How many entries there are (the collection's count). */
    count: () => entries.size,
  };
}

/** The admin's copy of the companies in memory: a snapshot older than the one kept is ignored. */
export function memoryEmployerDirectory(): EmployerDirectory {
  const employers = new Map<string, EmployerEntry>();
  return {
    async apply(snapshot) {
      const known = employers.get(snapshot.employerId);
      if (known && known.version >= snapshot.version) return;
      employers.set(snapshot.employerId, { ...snapshot, updatedAt: new Date(snapshot.updatedAt) });
    },
    async remove(employerId) {
      employers.delete(employerId);
    },
    async find(employerId) {
      return employers.get(employerId) ?? null;
    },
    async findMany(employerIds) {
      return new Map(
        employerIds.flatMap((id) => (employers.has(id) ? [[id, employers.get(id)!] as const] : [])),
      );
    },
  };
}

/** The candidates' codes in memory: a pair recorded once, forgotten both ways. */
export function memoryCandidateCodes(): CandidateCodes {
  const byCode = new Map<string, string>();
  const byCandidate = new Map<string, string>();
  return {
    async record(pairs) {
      for (const { candidateId, code } of pairs) {
        if (!byCode.has(code)) byCode.set(code, candidateId);
        if (!byCandidate.has(candidateId)) byCandidate.set(candidateId, code);
      }
    },
    async candidateOf(code) {
      return byCode.get(code) ?? null;
    },
    async codesOf(candidateIds) {
      return new Map(
        candidateIds.flatMap((id) => (byCandidate.has(id) ? [[id, byCandidate.get(id)!] as const] : [])),
      );
    },
    async forget(candidateId) {
      const code = byCandidate.get(candidateId);
      if (code) byCode.delete(code);
      byCandidate.delete(candidateId);
    },
  };
}
