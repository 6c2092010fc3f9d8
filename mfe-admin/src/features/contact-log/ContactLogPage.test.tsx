import { type ContactLogEntry, noContactLogsText } from '@meritmatch/contracts';
import { answer, failure, gate, renderArea, screen, sessionOf, within } from '@meritmatch/web-testkit';
import { beforeEach, describe, expect, it } from 'vitest';
import App from '../../exposes/App';
import { approvalLog, contactLogPage, employerUser, pendingRequest } from '../../test/fixtures';
import { olderEntriesFailed } from './ContactLogPage';

const open = (path = '/admin/contact-log') =>
  renderArea(App, { mount: '/admin', path, session: sessionOf('admin') });

describe('the contact log', () => {
  // the Employer filter lists the employers
  beforeEach(() => answer('get', '/admin/users', { users: [employerUser] }));

  it('lists the entries with their date and admin', async () => {
    answer('get', '/admin/contact-logs', contactLogPage([approvalLog]));
    open();
    const entry = await screen.findByTestId('contact-log-entry');
    expect(entry).toHaveTextContent('Contact details shared');
    expect(entry).toHaveTextContent('admin@meritmatch.example');
    expect(entry).toHaveTextContent(/21 Nov 2026, \d\d:\d\d/);
  });

  it("shows an entry's company and candidate code when the answer has them", async () => {
    const told: ContactLogEntry = {
      ...approvalLog,
      id: '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
      company_name: 'Acme Robotics',
      candidate_code: 'EM123456',
    };
    answer('get', '/admin/contact-logs', contactLogPage([told, { ...approvalLog, company_name: null }]));
    open();
    const [first, second] = await screen.findAllByTestId('contact-log-entry');
    expect(within(first!).getByText('Company').nextSibling).toHaveTextContent('Acme Robotics');
    expect(within(first!).getByText('Candidate').nextSibling).toHaveTextContent('EM123456');
    expect(within(second!).queryByText('Company')).not.toBeInTheDocument();
    expect(within(second!).queryByText('Candidate')).not.toBeInTheDocument();
  });

  it('says so when it is empty', async () => {
    answer('get', '/admin/contact-logs', contactLogPage([]));
    open();
    expect(await screen.findByText(noContactLogsText)).toBeInTheDocument();
  });

  it('shows an error when it cannot be loaded', async () => {
    answer('get', '/admin/contact-logs', failure('down', 'SERVICE_UNAVAILABLE'), { status: 503 });
    open();
    expect(await screen.findByText('The contact log could not be loaded.')).toBeInTheDocument();
  });

  it('refuses an entry without notes, and adds a complete one', async () => {
    answer('get', '/admin/contact-logs', contactLogPage([]));
    const writes = answer('post', '/admin/contact-log', {
      message: 'Contact log entry added successfully',
      log: { ...approvalLog, action: 'contact_made' },
    });
    const { user } = open(`/admin/contact-log?requestId=${pendingRequest.id}`);
    const form = await screen.findByRole('form', { name: 'Add a contact log entry' });
    expect(within(form).getByLabelText(/Request ID/)).toHaveValue(pendingRequest.id);
    await user.click(screen.getByRole('button', { name: 'Add Entry' }));
    expect(await screen.findByText('Notes are required')).toBeInTheDocument();
    expect(writes).toHaveLength(0);
    await user.type(screen.getByLabelText(/Notes/), 'Called both sides');
    await user.click(screen.getByRole('button', { name: 'Add Entry' }));
    expect(await screen.findByText('Contact log entry added successfully')).toBeInTheDocument();
    expect(writes[0]?.body).toMatchObject({ requestId: pendingRequest.id, notes: 'Called both sides' });
  });

  describe('older entries', () => {
    const older: ContactLogEntry = {
      ...approvalLog,
      id: '1b2c3d4e-5f60-4718-8a9b-0c1d2e3f4a5b',
      action: 'note',
      notes: 'Called the employer last week.',
      created_at: '2026-11-14T09:00:00.000Z',
    };
    const newestPage = () => answer('get', '/admin/contact-logs', contactLogPage([approvalLog], 'page-2'));
    const entries = () => screen.getAllByTestId('contact-log-entry');

    it('shows the newest page and loads the next one with its cursor, from the keyboard', async () => {
      const calls = answer('get', '/admin/contact-logs', (call) =>
        call.query.get('cursor') === 'page-2'
          ? contactLogPage([older])
          : contactLogPage([approvalLog], 'page-2'),
      );
      const { user } = open();
      expect(await screen.findByText('Showing the newest 1 entry.')).toBeInTheDocument();
      expect(entries()).toHaveLength(1);
      expect(calls[0]?.query.get('limit')).toBe('100');
      expect(calls[0]?.query.has('cursor')).toBe(false);

      screen.getByRole('button', { name: 'Load older entries' }).focus();
      await user.keyboard('{Enter}');
      expect(await screen.findByText('Called the employer last week.')).toBeInTheDocument();
      expect(calls.at(-1)?.query.get('cursor')).toBe('page-2');
      expect(entries().map((entry) => entry.dataset.action)).toEqual(['approved_match', 'note']);
      // the focus goes on to the first entry loaded; the end of the log is said, with no button
      expect(entries()[1]).toHaveFocus();
      expect(screen.getByText('Showing all 2 entries.')).toHaveAttribute('role', 'status');
      expect(screen.queryByRole('button', { name: /older entries/ })).not.toBeInTheDocument();
    });

    it('says it is loading while the next page is on its way', async () => {
      newestPage();
      const { user } = open();
      const button = await screen.findByRole('button', { name: 'Load older entries' });
      const held = gate();
      answer('get', '/admin/contact-logs', contactLogPage([older]), { wait: held.closed });
      await user.click(button);
      expect(button).toHaveTextContent('Loading older entries…');
      expect(button).toHaveAttribute('aria-busy', 'true');
      expect(button).toBeDisabled();
      held.open();
      expect(await screen.findByText('Called the employer last week.')).toBeInTheDocument();
    });

    it('keeps what is shown when the next page fails, and tries again', async () => {
      newestPage();
      const { user } = open();
      const button = await screen.findByRole('button', { name: 'Load older entries' });
      answer('get', '/admin/contact-logs', failure('down', 'SERVICE_UNAVAILABLE'), { status: 503 });
      await user.click(button);
      expect(await screen.findByText(olderEntriesFailed)).toBeInTheDocument();
      expect(entries()).toHaveLength(1);
      expect(screen.queryByText('The contact log could not be loaded.')).not.toBeInTheDocument();

      answer('get', '/admin/contact-logs', contactLogPage([older]));
      await user.click(screen.getByRole('button', { name: 'Load older entries' }));
      expect(await screen.findByText('Called the employer last week.')).toBeInTheDocument();
      expect(screen.queryByText(olderEntriesFailed)).not.toBeInTheDocument();
    });

    it('says nothing about pages when the whole log is one page', async () => {
      answer('get', '/admin/contact-logs', contactLogPage([approvalLog]));
      open();
      const list = await screen.findByRole('list', { name: 'Contact log entries' });
      expect(within(list).getAllByTestId('contact-log-entry')).toHaveLength(1);
      expect(screen.queryByRole('button', { name: 'Load older entries' })).not.toBeInTheDocument();
      expect(screen.queryByText(/^Showing/)).not.toBeInTheDocument();
    });
  });
});
