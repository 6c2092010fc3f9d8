import { answer, failure, renderArea, screen, sessionOf, within } from '@meritmatch/web-testkit';
import { describe, expect, it } from 'vitest';
import App from '../../exposes/App';
import { pagination, pendingRequest } from '../../test/fixtures';

const candidate = {
  id: pendingRequest.job_seeker_id,
  user_id: '2a9e7c41-5d3b-4e2f-8a1c-9b8d7e6f5a4b',
  unique_code: 'EM123456',
  full_name: 'Clara Schmidt',
  email: 'clara@example.com',
  phone: '+49 40 1234567',
  location: 'Hamburg, Germany',
  date_of_birth: '1994-05-14',
  age: 32,
  gender: 'female',
  account_status: 'active',
  profile_completion: 85,
  availability: 'Available',
  skills: [{ name: 'Kotlin', proficiency_level: 'expert' }],
  experiences: [
    {
      position: 'Engineer',
      company_name: 'Hafen AG',
      start_date: '2018-02-01',
      end_date: null,
      description: null,
    },
  ],
  education: [],
  certifications: [{ name: 'AWS Developer', issuer: 'Amazon Web Services', issue_date: '2021-06-01' }],
  preferences: {
    workModes: ['hybrid', 'remote'],
    countries: ['DE', 'AT'],
    noticeWeeks: 8,
    minimumSalary: { amount: 65000, currency: 'EUR' },
  },
};

async function openCandidate() {
  answer('get', '/admin/requests', { requests: [pendingRequest], pagination: pagination(1) });
  const view = renderArea(App, { mount: '/admin', path: '/admin/requests', session: sessionOf('admin') });
  await view.user.click(await screen.findByRole('button', { name: 'View candidate EM123456' }));
  return { ...view, dialog: await screen.findByRole('dialog') };
}

describe('the candidate detail for admins', () => {
  it('shows the personal details with the fixed completion and status', async () => {
    answer('get', `/admin/candidate/${candidate.id}`, { candidate });
    const { dialog } = await openCandidate();
    expect(await within(dialog).findByText('Clara Schmidt')).toBeInTheDocument();
    expect(within(dialog).getByTestId('profile-completion')).toHaveTextContent('Profile Completion: 85%');
    expect(dialog).toHaveTextContent('Available');
    expect(dialog).toHaveTextContent('Feb 2018 – Present');
    expect(dialog).toHaveTextContent('Issued 1 Jun 2021');
    expect(within(dialog).getByText('No education listed.')).toBeInTheDocument();
  });

  it("shows the candidate's private job preferences in words, marked for admins only", async () => {
    answer('get', `/admin/candidate/${candidate.id}`, { candidate });
    const { dialog } = await openCandidate();
    const preferences = await within(dialog).findByTestId('admin-preferences');
    expect(within(dialog).getByText('Job preferences (Admin View Only)')).toBeInTheDocument();
    expect(preferences).toHaveTextContent('Work modesHybrid, Remote');
    expect(preferences).toHaveTextContent('CountriesGermany, Austria');
    expect(preferences).toHaveTextContent('Notice period8 weeks');
    expect(preferences).toHaveTextContent('Minimum salary€65,000 a year');
  });

  it('says when the candidate has no preference', async () => {
    const none = { workModes: [], countries: [], noticeWeeks: null, minimumSalary: null };
    answer('get', `/admin/candidate/${candidate.id}`, { candidate: { ...candidate, preferences: none } });
    const { dialog } = await openCandidate();
    expect(await within(dialog).findByTestId('admin-preferences')).toHaveTextContent(
      'Work modesAnyCountriesAnywhereNotice periodNot givenMinimum salaryNone',
    );
  });

  it('says so inside the dialog when the candidate cannot be loaded', async () => {
    answer('get', `/admin/candidate/${candidate.id}`, failure('down', 'SERVICE_UNAVAILABLE'), {
      status: 503,
    });
    const { dialog } = await openCandidate();
    expect(await within(dialog).findByText('Failed to load candidate details')).toBeInTheDocument();
  });
});
