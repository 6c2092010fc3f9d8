import {
  answer,
  answerFile,
  failure,
  gate,
  renderArea,
  screen,
  sessionOf,
  waitFor,
} from '@meritmatch/web-testkit';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import App from '../../exposes/App';
import { approvalLog, contactLogPage, employerUser } from '../../test/fixtures';
import { contactLogExportFailed } from './contact-log-export';

const open = (path = '/admin/contact-log') =>
  renderArea(App, { mount: '/admin', path, session: sessionOf('admin') });

const csv = 'Date,Action,Request ID\r\n2026-11-21T09:00:00.000Z,Match approved,5c4b3a29\r\n';

/**
 * Catches what the page saves: the Blob handed to `URL.createObjectURL` and the name of the link
 * clicked with its URL, and the URLs let go of.
 */
function catchDownloads() {
  const saved: Array<{ blob: Blob; name: string }> = [];
  const revoked: string[] = [];
  const blobs = new Map<string, Blob>();
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    const url = `blob:contact-log-${blobs.size + 1}`;
    blobs.set(url, blob as Blob);
    return url;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation((url) => void revoked.push(url));
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const blob = blobs.get(this.href);
    if (blob) saved.push({ blob, name: this.download });
  });
  return { saved, revoked };
}

const exportButton = () => screen.getByRole('button', { name: /Export CSV|Exporting…/ });

describe('the contact log export', () => {
  beforeEach(() => {
    answer('get', '/admin/users', { users: [employerUser] });
    answer('get', '/admin/contact-logs', contactLogPage([approvalLog]));
  });
  afterEach(() => vi.restoreAllMocks());

  it('asks for the export with the filters in the address and saves it under the name the server gave', async () => {
    const held = gate();
    const calls = answerFile('/admin/contact-logs/export', {
      body: csv,
      type: 'text/csv; charset=utf-8',
      fileName: 'contact-log-2026-11-21.csv',
      wait: held.closed,
    });
    const { saved, revoked } = catchDownloads();
    const { user } = open(`/admin/contact-log?code=EM123456&action=note&from=2026-11-01`);
    await screen.findByTestId('contact-log-entry');

    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(exportButton()).toHaveTextContent('Exporting…');
    expect(exportButton()).toHaveAttribute('aria-busy', 'true');
    held.open();

    await waitFor(() => expect(saved).toHaveLength(1));
    expect(Object.fromEntries(calls[0]!.query)).toEqual({
      code: 'EM123456',
      action: 'note',
      from: '2026-11-01',
    });
    expect(saved[0]?.name).toBe('contact-log-2026-11-21.csv');
    expect(await saved[0]!.blob.text()).toBe(csv);
    expect(revoked).toEqual(['blob:contact-log-1']);
    await waitFor(() => expect(exportButton()).toHaveTextContent('Export CSV'));
    expect(exportButton()).not.toHaveAttribute('aria-busy');
    expect(screen.queryByText(contactLogExportFailed)).not.toBeInTheDocument();
  });

  it('names the file contact-log.csv when the server names none', async () => {
    const calls = answerFile('/admin/contact-logs/export', { body: csv, type: 'text/csv; charset=utf-8' });
    const { saved } = catchDownloads();
    const { user } = open();
    await screen.findByTestId('contact-log-entry');
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.name).toBe('contact-log.csv');
    expect([...calls[0]!.query]).toEqual([]);
  });

  it('says so when the export fails, saves nothing, and lets the admin dismiss it or try again', async () => {
    answer(
      'get',
      '/admin/contact-logs/export',
      failure('The contact log is unavailable', 'SERVICE_UNAVAILABLE'),
      {
        status: 503,
      },
    );
    const { saved } = catchDownloads();
    const { user } = open();
    await screen.findByTestId('contact-log-entry');
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(contactLogExportFailed);
    expect(saved).toHaveLength(0);
    expect(exportButton()).toBeEnabled();

    await user.click(screen.getByRole('button', { name: 'Dismiss message' }));
    expect(screen.queryByText(contactLogExportFailed)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(contactLogExportFailed);
    answerFile('/admin/contact-logs/export', { body: csv, fileName: 'contact-log-2026-11-21.csv' });
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(screen.queryByText(contactLogExportFailed)).not.toBeInTheDocument();
  });
});
