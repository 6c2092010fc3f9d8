import { awaitingCandidateNote, emptyRequestsText, nameHiddenText } from '@meritmatch/contracts';
import { answer, failure, gate, renderArea, screen, sessionOf, within } from '@meritmatch/web-testkit';
import { describe, expect, it } from 'vitest';
import App from '../../exposes/App';
import { contactLogPage, pagination, pendingRequest } from '../../test/fixtures';

const open = (path = '/admin/requests') =>
  renderArea(App, { mount: '/admin', path, session: sessionOf('admin') });

type User = ReturnType<typeof open>['user'];

/** Opens the dialog of a decision ('Approve', 'Reject') on the one request in the queue. */
async function openDecision(user: User, decision: 'Approve' | 'Reject') {
  await user.click(
    await screen.findByRole('button', { name: `${decision} request from Acme Robotics for EM123456` }),
  );
  return screen.findByRole('dialog');
}

/** What the screens ask again after a decision. */
function answerTheRefresh() {
  answer('get', '/admin/stats', { stats: {} });
  answer('get', '/admin/contact-logs', contactLogPage([]));
}

describe('the match request queue', () => {
  it('loads the pending tab first, hides the name and labels contact details as admin-only', async () => {
    const loading = gate();
    const calls = answer(
      'get',
      '/admin/requests',
      { requests: [pendingRequest], pagination: pagination(1) },
      { wait: loading.closed },
    );
    open();
    expect(await screen.findAllByText('Loading pending requests…')).not.toHaveLength(0);
    loading.open();
    const row = await screen.findByTestId('request-row');
    expect(Object.fromEntries(calls[0]!.query)).toEqual({ status: 'pending', page: '1', limit: '10' });
    expect(within(row).getByTestId('name-hidden')).toHaveTextContent(nameHiddenText);
    expect(row).toHaveTextContent('(Admin View Only)');
    expect(screen.queryByText('Page 1 of 1')).not.toBeInTheDocument();
  });

  it('says when a tab is empty, and pages through a long one', async () => {
    answer('get', '/admin/requests', ({ query }) =>
      query.get('status') === 'approved'
        ? { requests: [], pagination: pagination(0) }
        : { requests: [pendingRequest], pagination: pagination(25, Number(query.get('page'))) },
    );
    const { user } = open();
    expect(await screen.findByText('Page 1 of 3')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 3')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/requests?page=2');
    await user.click(screen.getByRole('tab', { name: 'Approved' }));
    expect(await screen.findByText(emptyRequestsText('approved'))).toBeInTheDocument();
  });

  it('shows an error with Try again when the queue cannot be loaded', async () => {
    answer('get', '/admin/requests', failure('down', 'SERVICE_UNAVAILABLE'), { status: 503 });
    open();
    expect(await screen.findByText('The match requests could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('approves with notes, closes the dialog and shows the message above the queue', async () => {
    answer('get', '/admin/requests', { requests: [pendingRequest], pagination: pagination(1) });
    const writes = answer('put', `/admin/requests/${pendingRequest.id}`, {
      message: 'Request approved successfully!',
      request: { ...pendingRequest, status: 'approved' },
    });
    answerTheRefresh();
    const { user } = open();
    const dialog = await openDecision(user, 'Approve');
    await user.type(within(dialog).getByLabelText(/Admin notes/), 'Strong fit');
    answer('get', '/admin/requests', { requests: [], pagination: pagination(0) });
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Request approved successfully!')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(writes[0]?.body).toEqual({ status: 'approved', adminNotes: 'Strong fit', contactNote: '' });
  });

  it('shows the decision on its row at once, before the server has answered', async () => {
    answer('get', '/admin/requests', { requests: [pendingRequest], pagination: pagination(1) });
    const server = gate();
    answer(
      'put',
      `/admin/requests/${pendingRequest.id}`,
      { message: 'Request approved successfully!', request: { ...pendingRequest, status: 'approved' } },
      { wait: server.closed },
    );
    answerTheRefresh();
    const { user } = open();
    const dialog = await openDecision(user, 'Approve');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    const row = screen.getByTestId('request-row');
    await within(row).findByText('Approved');
    expect(row).toHaveAttribute('aria-busy', 'true');
    expect(row).toHaveTextContent('Saving…');
    expect(within(row).queryByRole('button', { name: /^Approve/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    answer('get', '/admin/requests', { requests: [], pagination: pagination(0) });
    server.open();
    expect(await screen.findByText('Request approved successfully!')).toBeInTheDocument();
    expect(await screen.findByText(emptyRequestsText('pending'))).toBeInTheDocument();
  });

  it('shows a refusal above the queue and puts the row back as it was', async () => {
    answer('get', '/admin/requests', { requests: [pendingRequest], pagination: pagination(1) });
    const server = gate();
    answer(
      'put',
      `/admin/requests/${pendingRequest.id}`,
      failure('A rejected request cannot be changed', 'CONFLICT'),
      { status: 409, wait: server.closed },
    );
    answerTheRefresh();
    const { user } = open();
    const dialog = await openDecision(user, 'Reject');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    const row = screen.getByTestId('request-row');
    expect(await within(row).findByText('Rejected')).toBeInTheDocument();
    server.open();
    expect(await screen.findByRole('alert')).toHaveTextContent('A rejected request cannot be changed');
    expect(within(row).getByText('Pending')).toBeInTheDocument();
    expect(row).not.toHaveAttribute('aria-busy');
    expect(
      within(row).getByRole('button', { name: 'Reject request from Acme Robotics for EM123456' }),
    ).toBeInTheDocument();
  });

  it('checks the notes with the contract before sending', async () => {
    answer('get', '/admin/requests', { requests: [pendingRequest], pagination: pagination(1) });
    const writes = answer('put', `/admin/requests/${pendingRequest.id}`, {});
    const { user } = open();
    const dialog = await openDecision(user, 'Reject');
    await user.click(within(dialog).getByLabelText(/Admin notes/));
    await user.paste('x'.repeat(2001));
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(
      await within(dialog).findByText('Admin notes must be at most 2000 characters'),
    ).toBeInTheDocument();
    expect(writes).toHaveLength(0);
  });

  it("keeps the spec's four tabs first and gives requests waiting for the candidate a tab of their own, with no decisions", async () => {
    const waiting = { ...pendingRequest, status: 'awaiting_candidate' as const };
    const calls = answer('get', '/admin/requests', ({ query }) =>
      query.get('status') === 'awaiting_candidate'
        ? { requests: [waiting], pagination: pagination(1) }
        : { requests: [], pagination: pagination(0) },
    );
    const { user } = open();
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual([
      'Pending',
      'Approved',
      'Rejected',
      'Connected',
      'Awaiting Candidate',
    ]);
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    await user.click(screen.getByRole('tab', { name: 'Awaiting Candidate' }));
    const row = await screen.findByTestId('request-row');
    expect(calls.at(-1)!.query.get('status')).toBe('awaiting_candidate');
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/requests?status=awaiting_candidate');
    expect(screen.getByText(awaitingCandidateNote)).toBeInTheDocument();
    expect(within(row).getByText('Awaiting Candidate')).toBeInTheDocument();
    expect(within(row).getByTestId('name-hidden')).toHaveTextContent(nameHiddenText);
    expect(within(row).queryByRole('button', { name: /^Approve/ })).not.toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: /^Reject/ })).not.toBeInTheDocument();
    expect(screen.getByText('1 awaiting candidate request')).toBeInTheDocument();
  });

  it('says when no request waits for a candidate', async () => {
    answer('get', '/admin/requests', { requests: [], pagination: pagination(0) });
    open('/admin/requests?status=awaiting_candidate');
    expect(await screen.findByText(emptyRequestsText('awaiting candidate'))).toBeInTheDocument();
  });
});
