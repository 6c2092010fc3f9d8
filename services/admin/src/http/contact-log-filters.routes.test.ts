import { randomUUID } from 'node:crypto';
import { ZContactLogsAnswer } from '@meritmatch/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Account, type AdminHarness, adminHarness, type Candidate } from '../testing/harness';
import { exportBatchSize } from '../use-cases/contact-log-export';

const today = () => new Date().toISOString().slice(0, 10);
/** The CSV's records without the byte-order mark, each split at its commas (no field here holds one). */
const rowsOf = (csv: string) =>
  csv
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter((line) => line !== '')
    .map((line) => line.split(','));

describe('the contact log as a working tool: filters and the export', () => {
  let harness: AdminHarness;
  let admin: Account;
  let acme: Account;
  let globex: Account;
  let ada: Candidate;
  let ben: Candidate;
  let adaAtAcme: string;
  const logs = async (query: string) => {
    const answer = await harness.as(admin)(`/contact-logs?${query}`);
    expect(answer.status, answer.text).toBe(200);
    return ZContactLogsAnswer.parse(answer.body).logs;
  };
  const decide = (id: string, status: string) =>
    harness.as(admin)(`/requests/${id}`, { method: 'PUT', body: { status } });
  const note = (requestId: string, notes: string) =>
    harness.as(admin)('/contact-log', { body: { requestId, action: 'note', notes } });

  beforeAll(async () => {
    harness = await adminHarness();
    admin = await harness.admin();
    acme = await harness.employer({ companyName: 'Acme Robotics' });
    globex = await harness.employer({ companyName: 'Globex' });
    ada = await harness.candidate({ fullName: 'Ada Hidden' });
    ben = await harness.candidate({ fullName: 'Ben Hidden' });
    adaAtAcme = harness.request(acme, ada);
    const benAtAcme = harness.request(acme, ben);
    const adaAtGlobex = harness.request(globex, ada);
    const first = await decide(adaAtAcme, 'approved');
    expect(first.status, first.text).toBe(200);
    expect((await decide(benAtAcme, 'rejected')).status).toBe(200);
    expect((await decide(adaAtGlobex, 'approved')).status).toBe(200);
    expect((await note(adaAtAcme, '=HYPERLINK("http://evil.test")')).status).toBe(201);
  });

  it('names the company and the candidate code of each entry', async () => {
    const [newest] = await logs(`request=${adaAtAcme}`);
    expect(newest).toMatchObject({
      action: 'note',
      company_name: 'Acme Robotics',
      candidate_code: ada.uniqueCode,
    });
  });

  it('filters by request, employer, candidate code, action and period, each narrowing the others', async () => {
    expect((await logs(`request=${adaAtAcme}`)).map((log) => log.action)).toEqual(['note', 'approved_match']);
    expect(await logs(`employer=${globex.id}`)).toHaveLength(1);
    // a code as the admin types it
    const adas = await logs(`code=${ada.uniqueCode.toLowerCase()}`);
    expect(adas).toHaveLength(3);
    expect(new Set(adas.map((log) => log.candidate_code))).toEqual(new Set([ada.uniqueCode]));
    expect((await logs(`code=${ada.uniqueCode}&employer=${acme.id}`)).map((log) => log.request_id)).toEqual([
      adaAtAcme,
      adaAtAcme,
    ]);
    expect((await logs('action=rejected_match')).map((log) => log.candidate_code)).toEqual([ben.uniqueCode]);
    expect(await logs(`from=${today()}&to=${today()}`)).toHaveLength(4);
    expect(await logs('to=2020-01-31')).toEqual([]);
    // a code no candidate has finds nothing (not everything)
    expect(await logs('code=EM999999')).toEqual([]);
    expect(await logs(`employer=${randomUUID()}`)).toEqual([]);
  });

  it('refuses a filter it cannot read with the one error shape', async () => {
    for (const [query, message] of [
      ['code=123', 'A candidate code looks like EM123456'],
      ['employer=acme', 'Not an employer id'],
      ['action=called', 'Unknown contact log action'],
      ['from=2026-02-01&to=2026-01-01', 'The first day must not be after the last day'],
      ['colour=blue', ''],
    ] as const) {
      for (const path of ['/contact-logs', '/contact-logs/export']) {
        const answer = await harness.as(admin)(`${path}?${query}`);
        expect(answer.status, `${path}?${query}`).toBe(400);
        expect(answer.body).toMatchObject({ code: 'VALIDATION_FAILED' });
        if (message) expect(JSON.stringify(answer.body.details)).toContain(message);
      }
    }
  });

  it('exports the filtered log as CSV, newest first, with the formula in a note made harmless', async () => {
    const answer = await harness.as(admin)(`/contact-logs/export?employer=${acme.id}`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(answer.headers.get('content-disposition')).toBe(
      `attachment; filename="contact-log-${today()}.csv"`,
    );
    // a byte-order mark first, so that spreadsheet apps read UTF-8 (a decoder drops it from the text)
    const raw = await harness.app.request(`/api/admin/contact-logs/export?employer=${acme.id}`, {
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect([...new Uint8Array(await raw.arrayBuffer()).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, ...rows] = rowsOf(answer.text);
    expect(header).toEqual([
      'Entry ID',
      'Date',
      'Action',
      'Action label',
      'Request ID',
      'Company',
      'Candidate code',
      'Admin e-mail',
      'Notes',
    ]);
    expect(rows.map((row) => [row[2], row[5], row[6]])).toEqual([
      ['note', 'Acme Robotics', ada.uniqueCode],
      ['rejected_match', 'Acme Robotics', ben.uniqueCode],
      ['approved_match', 'Acme Robotics', ada.uniqueCode],
    ]);
    expect(answer.text).toContain(`"'=HYPERLINK(""http://evil.test"")"`);
    expect(answer.text).not.toContain('Ada Hidden');

    // nothing matches: the header alone
    const none = await harness.as(admin)('/contact-logs/export?code=EM999999');
    expect(rowsOf(none.text)).toEqual([header]);
  });

  it('exports every entry, however many batches the log takes', async () => {
    const employerId = randomUUID();
    const count = exportBatchSize * 2 + 37;
    const newest = Date.UTC(2030, 0, 1);
    for (let i = 0; i < count; i++)
      await harness.contactLogs.add({
        id: randomUUID(),
        requestId: randomUUID(),
        action: 'note',
        notes: `Entry ${i}`,
        actorUserId: null,
        createdAt: new Date(newest - i * 1000),
        employerId,
        candidateId: null,
      });
    const answer = await harness.as(admin)(`/contact-logs/export?employer=${employerId}`);
    const rows = rowsOf(answer.text).slice(1);
    expect(rows).toHaveLength(count);
    expect(rows.map((row) => row[8])).toEqual(Array.from({ length: count }, (_, i) => `Entry ${i}`));
  });

  it('is for admins only', async () => {
    const answer = await harness.as(acme)('/contact-logs/export');
    expect(answer.status).toBe(403);
  });
});
