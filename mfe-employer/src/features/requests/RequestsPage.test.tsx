import { employerMessages } from '@meritmatch/contracts';
import { answer, failure, renderArea, screen, sessionOf, within } from '@meritmatch/web-testkit';
import { describe, expect, it } from 'vitest';
import App from '../../exposes/App';
import { approvedRequest, verifiedProfile } from '../../test/fixtures';

const open = () =>
  renderArea(App, { mount: '/employer', path: '/employer/requests', session: sessionOf('employer') });

describe('Match Requests', () => {
  it('lists the requests with their label, date and notes', async () => {
    verifiedProfile();
    answer('get', '/employer/requests', { requests: [approvedRequest] });
    open();
    const item = await screen.findByTestId('match-request');
    expect(item).toHaveTextContent('Matched');
    expect(item).toHaveTextContent('Requested on 10 May 2026');
    expect(item).toHaveTextContent('The admin team will facilitate contact.');
  });

  it('names the position a request was sent for, and nothing for one without', async () => {
    verifiedProfile();
    answer('get', '/employer/requests', {
      requests: [
        { ...approvedRequest, position_title: 'Backend Engineer' },
        { ...approvedRequest, id: '6d5c4b3a-2f1e-4d0c-8b9a-7f6e5d4c3b2a' },
      ],
    });
    open();
    const [named, plain] = await screen.findAllByTestId('match-request');
    expect(named).toHaveTextContent('Position: Backend Engineer');
    expect(plain).not.toHaveTextContent('Position:');
  });

  it('says so when there are none yet', async () => {
    verifiedProfile();
    answer('get', '/employer/requests', { requests: [] });
    open();
    expect(await screen.findByText(employerMessages.noRequests)).toBeInTheDocument();
    expect(screen.getByText(employerMessages.noRequestsHint)).toBeInTheDocument();
  });

  it('shows an error when they cannot be loaded', async () => {
    verifiedProfile();
    answer('get', '/employer/requests', failure('down', 'SERVICE_UNAVAILABLE'), { status: 503 });
    open();
    expect(await screen.findByText('Your match requests could not be loaded.')).toBeInTheDocument();
  });

  it('unmatches after a confirmation and shows the changed request', async () => {
    verifiedProfile();
    answer('get', '/employer/requests', { requests: [approvedRequest] });
    answer('delete', `/employer/unmatch/${approvedRequest.id}`, {
      message: employerMessages.unmatched,
      request: { ...approvedRequest, status: 'unmatched', status_label: 'Unmatched' },
    });
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Unmatch from EM123456' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Unmatch' }));
    expect(await screen.findByText(employerMessages.unmatched)).toBeInTheDocument();
    expect(screen.getByTestId('match-request')).toHaveTextContent('Unmatched');
    expect(screen.queryByRole('button', { name: 'Unmatch from EM123456' })).not.toBeInTheDocument();
  });

  it('shows the fixed text when unmatching fails without a server message', async () => {
    verifiedProfile();
    answer('get', '/employer/requests', { requests: [approvedRequest] });
    answer('delete', `/employer/unmatch/${approvedRequest.id}`, 'oops', { status: 400 });
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Unmatch from EM123456' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Unmatch' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(employerMessages.unmatchFailed);
  });
});
