import { answer, failure, renderArea, screen, sessionOf, waitFor } from '@meritmatch/web-testkit';
import { describe, expect, it } from 'vitest';
import App from '../../exposes/App';
import { approvalLog, contactLogPage, pagination, stats, systemSettings } from '../../test/fixtures';

const open = () => renderArea(App, { mount: '/admin', path: '/admin', session: sessionOf('admin') });

describe('the overview', () => {
  it('shows the five counters, the quick actions and the queue', async () => {
    answer('get', '/admin/stats', { stats });
    answer('get', '/admin/requests', { requests: [], pagination: pagination(0) });
    open();
    expect(await screen.findByTestId('stat-job_seekers')).toHaveTextContent('1,204');
    expect(screen.getByTestId('stat-connected_matches')).toHaveTextContent('Connected Matches');
    expect(screen.getByRole('button', { name: 'System Settings' })).toBeEnabled();
    expect(await screen.findByText('No pending requests found')).toBeInTheDocument();
  });

  it('opens System Settings and Email Templates from the quick actions', async () => {
    answer('get', '/admin/stats', { stats });
    answer('get', '/admin/requests', { requests: [], pagination: pagination(0) });
    answer('get', '/admin/system-settings', { settings: systemSettings });
    answer('get', '/admin/email-templates', { templates: [] });
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'System Settings' }));
    // the router moves in a transition: the address changes once the page's code has come
    expect(await screen.findByLabelText(/Sender address/)).toHaveValue('no-reply@example.com');
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/system-settings');
    await user.click(screen.getByRole('link', { name: 'Overview' }));
    await user.click(await screen.findByRole('button', { name: 'Email Templates' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin/email-templates'));
  });

  it('shows an error for the counters alone when they cannot be loaded', async () => {
    answer('get', '/admin/stats', failure('down', 'SERVICE_UNAVAILABLE'), { status: 503 });
    answer('get', '/admin/requests', { requests: [], pagination: pagination(0) });
    open();
    expect(await screen.findByText('The statistics could not be loaded.')).toBeInTheDocument();
    expect(await screen.findByText('No pending requests found')).toBeInTheDocument();
  });

  it('reports a failed export', async () => {
    answer('get', '/admin/stats', { stats });
    answer('get', '/admin/requests', failure('The export is not possible now', 'SERVICE_UNAVAILABLE'), {
      status: 503,
    });
    answer('get', '/admin/contact-logs', contactLogPage([]));
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Export Reports' }));
    expect(await screen.findByText('The export is not possible now')).toBeInTheDocument();
  });

  it('exports the whole contact log, following its pages to the end', async () => {
    answer('get', '/admin/stats', { stats });
    answer('get', '/admin/requests', { requests: [], pagination: pagination(0) });
    const older = { ...approvalLog, id: '1b2c3d4e-5f60-4718-8a9b-0c1d2e3f4a5b', action: 'note' as const };
    const calls = answer('get', '/admin/contact-logs', (call) =>
      call.query.get('cursor') === 'page-2'
        ? contactLogPage([older])
        : contactLogPage([approvalLog], 'page-2'),
    );
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Export Reports' }));
    expect(
      await screen.findByText('Reports exported successfully: 0 match requests and 2 contact log entries.'),
    ).toBeInTheDocument();
    expect(calls.map((call) => [call.query.get('limit'), call.query.get('cursor')])).toEqual([
      ['500', null],
      ['500', 'page-2'],
    ]);
  });
});
