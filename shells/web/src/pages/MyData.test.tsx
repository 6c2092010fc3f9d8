import {
  accessViewerLabel,
  accountExportFormat,
  type EmployerExport,
  type JobSeekerExport,
  myDataTexts,
} from '@meritmatch/contracts';
import { answer, failure, renderRoutes, screen, sessionOf, waitFor } from '@meritmatch/web-testkit';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appRoutes } from '../app/router';
import { answeredSession } from '../test/sessions';
import { myDataCardTexts } from './MyDataCard';

vi.mock('@module-federation/enhanced/runtime', () => import('../test/fake-federation'));

const at = '2026-11-28T17:40:00.000Z';
const requestId = '33333333-3333-4333-8333-333333333333';
const account = (user_type: 'job_seeker' | 'employer', email: string) => ({
  id: '11111111-1111-4111-8111-111111111111',
  email,
  user_type,
  status: 'active' as const,
  email_confirmed: true,
  email_confirmed_at: at,
  created_at: at,
  status_changed_at: at,
  password_changed_at: null,
  sessions: [{ id: 'session-1', device: 'Chrome on Linux', signedInAt: at, lastUsedAt: at, current: true }],
});
const common = {
  format: accountExportFormat as typeof accountExportFormat,
  exportedAt: at,
  emailSettings: [
    { kind: 'request.approved' as const, label: 'A request was approved', enabled: true, always: false },
  ],
  emails: [],
  contactLog: [
    {
      id: 'entry-1',
      request_id: requestId,
      action: 'approved_match' as const,
      action_label: 'Match approved',
      created_at: at,
    },
  ],
};

const jobSeekerDocument: JobSeekerExport = {
  ...common,
  role: 'job_seeker',
  account: account('job_seeker', 'ada@example.com'),
  profile: {
    id: '22222222-2222-4222-8222-222222222222',
    full_name: 'Ada Quillfeather',
    phone: '+49 151 1234567',
    location: 'Berlin, Germany',
    date_of_birth: '1990-01-15',
    gender: null,
    unique_code: 'EM123456',
    skills: [{ id: '44444444-4444-4444-8444-444444444444', name: 'Welding', proficiency_level: 'expert' }],
    experiences: [],
    education: [],
    certifications: [],
    settings: { ask_before_sharing: false, paused: false, blocked_companies: [], current_employers: [] },
    preferences: { workModes: ['remote'], countries: [], noticeWeeks: 4, minimumSalary: null },
    created_at: at,
    updated_at: at,
  },
  matchRequests: [
    {
      id: requestId,
      company_name: 'Acme Robotics',
      industry: 'Technology',
      company_size: '51-200',
      message: null,
      position: null,
      created_at: at,
      updated_at: at,
      status: 'approved',
      status_label: 'Introduced',
      decisions: [],
    },
  ],
  searchAppearances: [{ week_start: '2026-11-16', searches: 3, opened: 1 }],
  accessLog: [
    {
      id: 'read-1',
      read_at: at,
      viewer: accessViewerLabel,
      details: ['name', 'phone'],
      purpose: 'match-request',
      company_name: 'Acme Robotics',
    },
  ],
};

const employerDocument: EmployerExport = {
  ...common,
  role: 'employer',
  account: account('employer', 'hiring@acme.example.com'),
  companyProfile: {
    id: '11111111-1111-4111-8111-111111111111',
    company_name: 'Acme Robotics',
    industry: 'Technology',
    company_size: '51-200',
    website: null,
    description: 'We build warehouse robots.',
    verified: true,
    created_at: at,
    updated_at: at,
  },
  matchRequests: [
    {
      id: requestId,
      candidate_id: '22222222-2222-4222-8222-222222222222',
      candidate_code: 'EM123456',
      candidate_location: 'Germany',
      status: 'approved',
      status_label: 'Matched',
      created_at: at,
      updated_at: at,
      message: null,
      admin_notes: null,
      contact_note: null,
      position_title: null,
    },
  ],
};

afterEach(() => vi.restoreAllMocks());

/** Catches the file the page saves: the Blob handed to `URL.createObjectURL`, and the link's name. */
function catchDownloads() {
  const saved: Array<{ blob: Blob; name: string }> = [];
  let last: Blob | undefined;
  Object.assign(URL, {
    createObjectURL: (blob: Blob) => {
      last = blob;
      return 'blob:my-data';
    },
    revokeObjectURL: () => undefined,
  });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    if (last) saved.push({ blob: last, name: this.download });
  });
  return saved;
}

describe('/account/data', () => {
  it('is linked from Account settings', async () => {
    const sessions = answer('get', '/auth/sessions', { sessions: [] });
    renderRoutes(appRoutes, { path: '/account', session: answeredSession('job_seeker') });
    expect(await screen.findByRole('link', { name: myDataCardTexts.link })).toHaveAttribute(
      'href',
      '/account/data',
    );
    // the page's other cards are done before the next test
    await waitFor(() => expect(sessions.length).toBeGreaterThan(0));
  });

  it("tells an admin that admins' data is not part of it, and asks nothing", async () => {
    const calls = answer('get', '/account/export', employerDocument);
    renderRoutes(appRoutes, { path: '/account/data', session: sessionOf('admin') });
    expect(await screen.findByText(myDataTexts.adminOnly)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: myDataTexts.download })).not.toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it("sums up a job seeker's data and saves the whole document as a JSON file", async () => {
    const calls = answer('get', '/account/export', jobSeekerDocument);
    const saved = catchDownloads();
    const { user } = renderRoutes(appRoutes, {
      path: '/account/data',
      session: answeredSession('job_seeker'),
    });
    expect(await screen.findByText('Ada Quillfeather')).toBeInTheDocument();
    expect(screen.getByText('EM123456')).toBeInTheDocument();
    expect(screen.getByText(/Acme Robotics: Introduced/)).toBeInTheDocument();
    expect(screen.getByText(new RegExp(`${accessViewerLabel}, Name and phone`))).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: myDataTexts.download }));
    expect(await screen.findByText(myDataTexts.downloaded)).toBeInTheDocument();
    expect(calls).toHaveLength(2);
    expect(saved).toHaveLength(1);
    expect(saved[0]?.name).toBe('meritmatch-data-2026-11-28.json');
    expect(JSON.parse(await saved[0]!.blob.text())).toEqual(jobSeekerDocument);
  });

  it("shows an employer's company and candidates by code", async () => {
    answer('get', '/account/export', employerDocument);
    renderRoutes(appRoutes, { path: '/account/data', session: sessionOf('employer') });
    expect(await screen.findByText(/EM123456: Matched/)).toBeInTheDocument();
    expect(screen.getByText('Acme Robotics')).toBeInTheDocument();
    expect(screen.getByText('hiring@acme.example.com (confirmed)')).toBeInTheDocument();
  });

  it('says so when a part of the product cannot answer, and saves nothing', async () => {
    const message =
      'Your data could not be gathered: the notifications service is unavailable; please try again shortly';
    answer('get', '/account/export', failure(message, 'SERVICE_UNAVAILABLE'), { status: 503 });
    const saved = catchDownloads();
    const { user } = renderRoutes(appRoutes, { path: '/account/data', session: sessionOf('employer') });
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    await user.click(screen.getByRole('button', { name: myDataTexts.download }));
    await waitFor(() => expect(screen.getAllByText(message).length).toBeGreaterThan(1));
    expect(saved).toHaveLength(0);
  });
});
