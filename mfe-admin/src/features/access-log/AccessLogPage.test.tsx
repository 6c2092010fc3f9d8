import { type AdminAccessLogEntry, noAccessRecordsText, paginate } from '@meritmatch/contracts';
import { answer, failure, renderArea, screen, sessionOf, within } from '@meritmatch/web-testkit';
import { describe, expect, it } from 'vitest';
import App from '../../exposes/App';

const open = (path = '/admin/access-log') =>
  renderArea(App, { mount: '/admin', path, session: sessionOf('admin') });

const forRequest: AdminAccessLogEntry = {
  id: 'c0a8e1f2-1111-4aaa-8bbb-000000000001',
  read_at: '2026-11-21T10:15:00.000Z',
  admin_user_id: '9b1f3c2d-4e5f-4a6b-8c7d-1e2f3a4b5c6d',
  admin_email: 'admin@meritmatch.example',
  details: ['name', 'phone'],
  job_seekers: [
    {
      user_id: '2a9e7c41-5d3b-4e2f-8a1c-9b8d7e6f5a4b',
      candidate_id: '5f4e3d2c-1b0a-4f9e-8d7c-6b5a4f3e2d1c',
      unique_code: 'EM123456',
      purpose: 'match-request',
      request_id: '3c2b1a09-8f7e-4d6c-9b5a-493827161504',
      company_name: 'Acme Robotics',
    },
  ],
  job_seeker_count: 1,
};

const userList: AdminAccessLogEntry = {
  ...forRequest,
  id: 'c0a8e1f2-1111-4aaa-8bbb-000000000002',
  details: ['email'],
  job_seekers: Array.from({ length: 7 }, (_, n) => ({
    ...forRequest.job_seekers[0]!,
    user_id: `2a9e7c41-5d3b-4e2f-8a1c-9b8d7e6f5a4${n}`,
    unique_code: `EM00000${n}`,
    purpose: 'user-management' as const,
    request_id: null,
    company_name: null,
  })),
  job_seeker_count: 7,
};

describe('the data access log', () => {
  it('lists who read whose details, when and why, by anonymous code only', async () => {
    answer('get', '/admin/access-log', { entries: [forRequest, userList], pagination: paginate(2, 1, 20) });
    open();
    const [first, second] = await screen.findAllByTestId('access-log-entry');
    expect(first).toHaveTextContent('admin@meritmatch.example read the name and phone of one job seeker');
    expect(first).toHaveTextContent('EM123456');
    expect(first).toHaveTextContent('Match request from Acme Robotics');
    expect(first).toHaveTextContent(/21 Nov 2026, \d\d:\d\d/);
    expect(second).toHaveTextContent('read the e-mail of 7 job seekers');
    expect(within(second!).getAllByText(/Account administration/)).toHaveLength(5);
    expect(second).toHaveTextContent('and 2 more');
    expect(screen.getByText('2 reads recorded')).toBeInTheDocument();
  });

  it('asks for the page in the address', async () => {
    const calls = answer('get', '/admin/access-log', {
      entries: [forRequest],
      pagination: paginate(21, 2, 20),
    });
    open('/admin/access-log?page=2');
    await screen.findByTestId('access-log-entry');
    expect(calls[0]?.query.get('page')).toBe('2');
  });

  it('says so when nothing was read yet', async () => {
    answer('get', '/admin/access-log', { entries: [], pagination: paginate(0, 1, 20) });
    open();
    expect(await screen.findByText(noAccessRecordsText)).toBeInTheDocument();
  });

  it('shows an error when it cannot be loaded', async () => {
    answer('get', '/admin/access-log', failure('down', 'SERVICE_UNAVAILABLE'), { status: 503 });
    open();
    expect(await screen.findByText('The data access log could not be loaded.')).toBeInTheDocument();
  });
});
