import { employerMessages } from '@meritmatch/contracts';
import { answer, failure, gate, renderArea, screen, sessionOf } from '@meritmatch/web-testkit';
import { describe, expect, it } from 'vitest';
import App from '../../exposes/App';
import { company, emailPreferences } from '../../test/fixtures';

const open = () => renderArea(App, { mount: '/employer', session: sessionOf('employer') });

describe('the entry sequence and the company profile', () => {
  it('shows a spinner, then the dashboard with the read-only profile', async () => {
    const loading = gate();
    answer('get', '/employer/profile', { profile: company }, { wait: loading.closed });
    answer('get', '/employer/notifications', { preferences: emailPreferences });
    open();
    expect(await screen.findAllByText('Loading your company profile…')).not.toHaveLength(0);
    loading.open();
    expect(await screen.findByText('Verified Account')).toBeInTheDocument();
    expect(screen.getByTestId('company-profile')).toHaveTextContent('51-200 employees');
    expect(screen.getByTestId('company-profile')).toHaveTextContent('4 Mar 2026');
  });

  it('edits the profile and shows the saved one', async () => {
    answer('get', '/employer/profile', { profile: company });
    const saved = {
      ...company,
      company_size: '201-500' as const,
      description: 'Robots for every warehouse.',
    };
    const writes = answer('put', '/employer/profile', {
      message: employerMessages.profileUpdated,
      profile: saved,
    });
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    await user.selectOptions(await screen.findByLabelText(/Company Size/), '201-500');
    await user.clear(screen.getByLabelText(/Company Description/));
    await user.type(screen.getByLabelText(/Company Description/), 'Robots for every warehouse.');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText(employerMessages.profileUpdated)).toBeInTheDocument();
    expect(writes[0]?.body).toEqual({
      companyName: 'Acme Robotics',
      industry: 'Technology',
      companySize: '201-500',
      website: 'https://acme.example',
      description: 'Robots for every warehouse.',
    });
    expect(screen.getByTestId('company-profile')).toHaveTextContent('201-500 employees');
    expect(screen.getByTestId('company-profile')).toHaveTextContent('Robots for every warehouse.');
  });

  it('shows the creation form when there is no profile, and checks it with the contract', async () => {
    answer('get', '/employer/profile', failure('No company profile yet', 'NOT_FOUND'), { status: 404 });
    const writes = answer('post', '/employer/profile', {});
    const { user } = open();
    expect(await screen.findByText('Create Company Profile')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create Profile' }));
    expect(await screen.findByText('Company name is required')).toBeInTheDocument();
    expect(writes).toHaveLength(0);
  });

  it('shows the server message when creating fails', async () => {
    answer('get', '/employer/profile', failure('No company profile yet', 'NOT_FOUND'), { status: 404 });
    answer('post', '/employer/profile', failure('A company profile already exists', 'CONFLICT'), {
      status: 409,
    });
    const { user } = open();
    await user.type(await screen.findByLabelText(/Company Name/), 'Acme Robotics');
    await user.selectOptions(screen.getByLabelText(/Industry/), 'Technology');
    await user.selectOptions(screen.getByLabelText(/Company Size/), '51-200');
    await user.type(screen.getByLabelText(/Company Description/), 'We build warehouse robots.');
    await user.click(screen.getByRole('button', { name: 'Create Profile' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('A company profile already exists');
  });

  it('shows the pending screen for an unverified profile', async () => {
    answer('get', '/employer/profile', { profile: { ...company, verified: false } });
    open();
    expect(await screen.findByText('Account Pending Verification')).toBeInTheDocument();
    expect(screen.getByText(/typically takes 24-48 hours/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Check Status' })).toBeInTheDocument();
  });

  it('shows an error with Try again when the profile cannot be loaded', async () => {
    answer('get', '/employer/profile', failure('down', 'SERVICE_UNAVAILABLE'), { status: 503 });
    open();
    expect(await screen.findByText('Your company profile could not be loaded.')).toBeInTheDocument();
  });
});
