import { type ContactLogEntry, noContactLogsText } from '@meritmatch/contracts';
import { answer, gate, renderArea, screen, sessionOf, waitFor, within } from '@meritmatch/web-testkit';
import { beforeEach, describe, expect, it } from 'vitest';
import App from '../../exposes/App';
import { approvalLog, contactLogPage, employerUser, pendingRequest } from '../../test/fixtures';
import { noMatchingEntriesText } from './ContactLogPage';

const open = (path = '/admin/contact-log') =>
  renderArea(App, { mount: '/admin', path, session: sessionOf('admin') });

const filters = () => screen.getByRole('form', { name: 'Filter the contact log' });
const location = () => screen.getByTestId('location');

const note: ContactLogEntry = {
  ...approvalLog,
  id: '1b2c3d4e-5f60-4718-8a9b-0c1d2e3f4a5b',
  action: 'note',
  notes: 'Called the employer.',
  company_name: 'Acme Robotics',
  candidate_code: 'EM123456',
};

const chosen = {
  request: pendingRequest.id,
  employer: employerUser.id,
  code: 'EM123456',
  action: 'note',
  from: '2026-11-01',
  to: '2026-11-30',
};
const filteredPath = `/admin/contact-log?${new URLSearchParams(chosen)}`;

describe('the contact log filters', () => {
  beforeEach(() => answer('get', '/admin/users', { users: [employerUser] }));

  it("puts the filters into the address and into the log's query, a list of its own", async () => {
    const calls = answer('get', '/admin/contact-logs', contactLogPage([approvalLog, note]));
    const { user } = open();
    expect(await screen.findAllByTestId('contact-log-entry')).toHaveLength(2);
    expect(calls[0]?.query.get('code')).toBeNull();

    const form = within(filters());
    await user.type(form.getByRole('textbox', { name: 'Request ID' }), pendingRequest.id);
    await user.selectOptions(
      await form.findByRole('combobox', { name: 'Employer' }),
      'Acme Robotics (hr@acme.example)',
    );
    await user.type(form.getByRole('textbox', { name: 'Candidate code' }), 'em123456');
    await user.selectOptions(form.getByRole('combobox', { name: 'Action' }), 'Note');
    await user.type(form.getByLabelText('From'), '2026-11-01');
    await user.type(form.getByLabelText('To'), '2026-11-30');
    const held = gate();
    const filtered = answer('get', '/admin/contact-logs', contactLogPage([note]), { wait: held.closed });
    await user.click(form.getByRole('button', { name: 'Apply filters' }));

    // not the unfiltered entries while the filtered ones load
    expect(await screen.findAllByText('Loading the contact log…')).not.toHaveLength(0);
    expect(screen.queryByTestId('contact-log-entry')).not.toBeInTheDocument();
    held.open();
    await waitFor(() => expect(screen.getAllByTestId('contact-log-entry')).toHaveLength(1));
    expect(filtered).toHaveLength(1);
    expect(Object.fromEntries(filtered[0]!.query)).toEqual({ ...chosen, limit: '100' });
    expect(location()).toHaveTextContent(filteredPath);
  });

  it('reads the filters from the address, so that they survive a reload', async () => {
    const calls = answer('get', '/admin/contact-logs', contactLogPage([note]));
    open(filteredPath);
    await screen.findByTestId('contact-log-entry');
    expect(calls).toHaveLength(1);
    expect(Object.fromEntries(calls[0]!.query)).toEqual({ ...chosen, limit: '100' });
    const form = within(filters());
    expect(form.getByRole('textbox', { name: 'Request ID' })).toHaveValue(pendingRequest.id);
    expect(form.getByRole('combobox', { name: 'Employer' })).toHaveValue(employerUser.id);
    expect(form.getByRole('textbox', { name: 'Candidate code' })).toHaveValue('EM123456');
    expect(form.getByRole('combobox', { name: 'Action' })).toHaveValue('note');
    expect(form.getByLabelText('From')).toHaveValue('2026-11-01');
    expect(form.getByLabelText('To')).toHaveValue('2026-11-30');
  });

  it("says what is wrong with a filter in the contract's words, and asks nothing", async () => {
    const calls = answer('get', '/admin/contact-logs', contactLogPage([approvalLog]));
    const { user } = open();
    await screen.findByTestId('contact-log-entry');
    const asked = calls.length;

    const form = within(filters());
    await user.type(form.getByRole('textbox', { name: 'Request ID' }), 'request 42');
    await user.type(form.getByRole('textbox', { name: 'Candidate code' }), 'Ada');
    await user.type(form.getByLabelText('From'), '2026-11-30');
    await user.type(form.getByLabelText('To'), '2026-11-01');
    await user.click(form.getByRole('button', { name: 'Apply filters' }));

    expect(await form.findByText('A candidate code looks like EM123456')).toBeInTheDocument();
    expect(form.getByText('Not a request id')).toBeInTheDocument();
    expect(form.getByText('The first day must not be after the last day')).toBeInTheDocument();
    expect(form.getByRole('textbox', { name: 'Candidate code' })).toHaveAccessibleDescription(
      /A candidate code looks like EM123456/,
    );
    expect(calls).toHaveLength(asked);
    expect(location()).toHaveTextContent(/^\/admin\/contact-log$/);
  });

  it('clears the filters: the address, the query and the form', async () => {
    const calls = answer('get', '/admin/contact-logs', contactLogPage([note]));
    const { user } = open(filteredPath);
    await screen.findByTestId('contact-log-entry');

    await user.click(within(filters()).getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(location()).toHaveTextContent(/^\/admin\/contact-log$/));
    await waitFor(() => expect(Object.fromEntries(calls.at(-1)!.query)).toEqual({ limit: '100' }));
    const form = within(filters());
    expect(form.getByRole('textbox', { name: 'Candidate code' })).toHaveValue('');
    expect(form.getByRole('combobox', { name: 'Action' })).toHaveValue('');
    expect(form.queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();
  });

  it('says when nothing matches, with a way to clear the filters', async () => {
    const calls = answer('get', '/admin/contact-logs', (call) =>
      contactLogPage(call.query.has('code') ? [] : [approvalLog]),
    );
    const { user } = open(`/admin/contact-log?code=EM999999`);
    expect(await screen.findByText(noMatchingEntriesText)).toBeInTheDocument();
    expect(screen.queryByText(noContactLogsText)).not.toBeInTheDocument();

    const empty = screen.getByText(noMatchingEntriesText).parentElement!;
    await user.click(within(empty).getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByTestId('contact-log-entry')).toBeInTheDocument();
    expect(calls.at(-1)!.query.has('code')).toBe(false);
    expect(location()).toHaveTextContent(/^\/admin\/contact-log$/);
  });

  it("asks the filtered log again after the admin's own entry", async () => {
    const calls = answer('get', '/admin/contact-logs', contactLogPage([note]));
    answer('post', '/admin/contact-log', {
      message: 'Contact log entry added successfully',
      log: { ...note, id: '2c3d4e5f-6071-4829-9bac-1d2e3f4a5b6c' },
    });
    const { user } = open(filteredPath);
    await screen.findByTestId('contact-log-entry');
    const asked = calls.length;

    const entry = within(screen.getByRole('form', { name: 'Add a contact log entry' }));
    await user.type(entry.getByLabelText(/Request ID/), pendingRequest.id);
    await user.type(entry.getByLabelText(/Notes/), 'Called both sides');
    await user.click(entry.getByRole('button', { name: 'Add Entry' }));
    expect(await screen.findByText('Contact log entry added successfully')).toBeInTheDocument();
    await waitFor(() => expect(calls.length).toBeGreaterThan(asked));
    expect(Object.fromEntries(calls.at(-1)!.query)).toEqual({ ...chosen, limit: '100' });
  });
});
