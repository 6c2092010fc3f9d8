import { interestTexts } from '@meritmatch/contracts';
import { answer, failure, gate, screen, within } from '@meritmatch/web-testkit';
import { describe, expect, it } from 'vitest';
import { openArea, pendingRequest, profile, profileIs, waitingRequest } from '../../test/fixtures';

const open = () => openArea('/job-seeker/interest');

describe('Interest: who asked for me', () => {
  it('is in the side menu and lists every request with the company, message, date and status in my words', async () => {
    profileIs(profile);
    const loading = gate();
    answer(
      'get',
      '/job-seeker/interest',
      { requests: [waitingRequest, pendingRequest] },
      { wait: loading.closed },
    );
    open();
    expect(await screen.findByRole('link', { name: 'Interest' })).toHaveAttribute('aria-current', 'page');
    expect(await screen.findAllByText('Loading your requests…')).not.toHaveLength(0);
    loading.open();
    const [first, second] = await screen.findAllByTestId('interest-request');
    expect(first).toHaveTextContent('Brightpath Software');
    expect(first).toHaveTextContent('Technology · 51-200 employees');
    expect(first).toHaveTextContent('We have an opening that fits your profile.');
    expect(first).toHaveTextContent('Waiting for you');
    expect(second).toHaveTextContent('Meridian Health Group');
    expect(second).toHaveTextContent('With our team');
    expect(second).toHaveTextContent('No message.');
    expect(
      within(first!).getByRole('button', { name: 'Accept: request from Brightpath Software' }),
    ).toBeEnabled();
    expect(
      within(first!).getByRole('button', { name: 'Decline: request from Brightpath Software' }),
    ).toBeEnabled();
    expect(
      within(second!).getByRole('button', { name: 'Withdraw consent: request from Meridian Health Group' }),
    ).toBeEnabled();
  });

  it('shows the position a request names: title, work mode, place, salary band and my matching skills', async () => {
    profileIs(profile);
    const remote = {
      ...pendingRequest,
      position: {
        title: 'Data Analyst',
        work_mode: 'remote',
        location: null,
        country: null,
        salary: { min: 50000, max: 50000, currency: 'GBP' },
        matched_skills: [],
      },
    };
    answer('get', '/job-seeker/interest', { requests: [waitingRequest, remote, pendingRequest] });
    open();
    const [hybrid, anywhere, none] = await screen.findAllByTestId('interest-request');
    const position = within(hybrid!).getByRole('region', { name: 'Position: Backend Engineer' });
    expect(position).toHaveTextContent('Backend Engineer');
    expect(position).toHaveTextContent('Work modeHybrid');
    expect(position).toHaveTextContent('LocationHamburg, Germany');
    expect(position).toHaveTextContent('Salary€60,000–€80,000 a year');
    expect(position).toHaveTextContent('Your matching skills: Kotlin, SQL');
    const remotePosition = within(anywhere!).getByRole('region', { name: 'Position: Data Analyst' });
    expect(remotePosition).toHaveTextContent('Work modeRemote');
    expect(remotePosition).toHaveTextContent('LocationAnywhere');
    expect(remotePosition).toHaveTextContent('Salary£50,000 a year');
    expect(remotePosition).toHaveTextContent('None of your skills are listed for this position');
    expect(within(none!).queryByRole('region')).not.toBeInTheDocument();
  });

  it('says when nobody asked yet', async () => {
    profileIs(profile);
    answer('get', '/job-seeker/interest', { requests: [] });
    open();
    expect(await screen.findByText(interestTexts.empty)).toBeInTheDocument();
    expect(screen.getByText(interestTexts.emptyHint)).toBeInTheDocument();
  });

  it('accepts only after a confirmation, and shows the answer', async () => {
    profileIs(profile);
    answer('get', '/job-seeker/interest', { requests: [waitingRequest] });
    const accepted = {
      ...waitingRequest,
      status: 'pending',
      status_label: 'With our team',
      decisions: ['withdraw'],
    };
    const writes = answer('put', `/job-seeker/interest/${waitingRequest.id}`, {
      message: 'Request accepted successfully! Our team will review it before anything is shared.',
      request: accepted,
    });
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Accept: request from Brightpath Software' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent(
      'Accept the request from Brightpath Software? Our team reviews it and may then share your contact details with Brightpath Software.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(writes).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Accept: request from Brightpath Software' }));
    answer('get', '/job-seeker/interest', { requests: [accepted] });
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Accept' }));
    expect(
      await screen.findByText(
        'Request accepted successfully! Our team will review it before anything is shared.',
      ),
    ).toBeInTheDocument();
    expect(writes[0]?.body).toEqual({ decision: 'accept' });
    expect(await screen.findByText('With our team')).toBeInTheDocument();
  });

  it("shows the server's refusal of a decline", async () => {
    profileIs(profile);
    answer('get', '/job-seeker/interest', { requests: [waitingRequest] });
    answer(
      'put',
      `/job-seeker/interest/${waitingRequest.id}`,
      failure('This request is no longer waiting for your answer.', 'CONFLICT'),
      { status: 409 },
    );
    const { user } = open();
    await user.click(
      await screen.findByRole('button', { name: 'Decline: request from Brightpath Software' }),
    );
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Decline' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This request is no longer waiting for your answer.',
    );
  });

  it('offers Try again when the requests cannot be loaded', async () => {
    profileIs(profile);
    answer('get', '/job-seeker/interest', failure('down', 'SERVICE_UNAVAILABLE'), { status: 503 });
    open();
    expect(await screen.findByText('Your requests could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
