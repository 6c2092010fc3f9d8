import { noContactLogsText } from '@meritmatch/contracts';
import { answer, failure, renderArea, screen, sessionOf } from '@meritmatch/web-testkit';
import { describe, expect, it } from 'vitest';
import App from '../../exposes/App';
import { approvalLog, pendingRequest } from '../../test/fixtures';

const open = (path = '/admin/contact-log') =>
  renderArea(App, { mount: '/admin', path, session: sessionOf('admin') });

describe('the contact log', () => {
  it('lists the entries with their date and admin', async () => {
    answer('get', '/admin/contact-logs', { logs: [approvalLog] });
    open();
    const entry = await screen.findByTestId('contact-log-entry');
    expect(entry).toHaveTextContent('Contact details shared');
    expect(entry).toHaveTextContent('admin@meritmatch.example');
    expect(entry).toHaveTextContent(/21 Nov 2026, \d\d:\d\d/);
  });

  it('says so when it is empty', async () => {
    answer('get', '/admin/contact-logs', { logs: [] });
    open();
    expect(await screen.findByText(noContactLogsText)).toBeInTheDocument();
  });

  it('shows an error when it cannot be loaded', async () => {
    answer('get', '/admin/contact-logs', failure('down', 'SERVICE_UNAVAILABLE'), { status: 503 });
    open();
    expect(await screen.findByText('The contact log could not be loaded.')).toBeInTheDocument();
  });

  it('refuses an entry without notes, and adds a complete one', async () => {
    answer('get', '/admin/contact-logs', { logs: [] });
    const writes = answer('post', '/admin/contact-log', {
      message: 'Contact log entry added successfully',
      log: { ...approvalLog, action: 'contact_made' },
    });
    const { user } = open(`/admin/contact-log?requestId=${pendingRequest.id}`);
    expect(await screen.findByLabelText(/Request ID/)).toHaveValue(pendingRequest.id);
    await user.click(screen.getByRole('button', { name: 'Add Entry' }));
    expect(await screen.findByText('Notes are required')).toBeInTheDocument();
    expect(writes).toHaveLength(0);
    await user.type(screen.getByLabelText(/Notes/), 'Called both sides');
    await user.click(screen.getByRole('button', { name: 'Add Entry' }));
    expect(await screen.findByText('Contact log entry added successfully')).toBeInTheDocument();
    expect(writes[0]?.body).toMatchObject({ requestId: pendingRequest.id, notes: 'Called both sides' });
  });
});
