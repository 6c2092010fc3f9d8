import { visibilityTexts } from '@meritmatch/contracts';
import { answer, failure, screen, within } from '@meritmatch/web-testkit';
import { describe, expect, it } from 'vitest';
import { openArea, profile, profileIs } from '../../test/fixtures';

const open = (path = '/job-seeker/visibility') => openArea(path);

const withSettings = (settings: Partial<typeof profile.settings>) => ({
  ...profile,
  settings: { ...profile.settings, ...settings },
});

describe('Visibility: consent, pause and the block list', () => {
  it('turns on "Ask me before sharing my details", sending the whole of the settings', async () => {
    profileIs(profile);
    const writes = answer('put', '/job-seeker/settings', {
      message: 'Settings saved successfully!',
      profile: withSettings({ ask_before_sharing: true }),
    });
    const { user } = open();
    const consent = await screen.findByRole('checkbox', { name: visibilityTexts.askBeforeSharing });
    expect(consent).not.toBeChecked();
    await user.click(consent);
    expect(await screen.findByText('Settings saved successfully!')).toBeInTheDocument();
    expect(writes[0]?.body).toEqual({
      askBeforeSharing: true,
      paused: false,
      blockedCompanies: [],
      allowedCurrentEmployers: [],
    });
    expect(screen.getByRole('checkbox', { name: visibilityTexts.askBeforeSharing })).toBeChecked();
  });

  it('hides the current employer by default, with a switch to let it find me', async () => {
    profileIs(profile);
    const writes = answer('put', '/job-seeker/settings', {
      message: 'Settings saved successfully!',
      profile: withSettings({ current_employers: [{ company_name: 'Nordhafen Logistics', blocked: false }] }),
    });
    const { user } = open();
    const current = await screen.findByRole('checkbox', { name: 'Hidden from Nordhafen Logistics' });
    expect(current).toBeChecked();
    await user.click(current);
    expect(await screen.findByText('Settings saved successfully!')).toBeInTheDocument();
    expect(writes[0]?.body).toMatchObject({ allowedCurrentEmployers: ['Nordhafen Logistics'] });
    expect(screen.getByRole('checkbox', { name: 'Hidden from Nordhafen Logistics' })).not.toBeChecked();
  });

  it('blocks a company by name and website, checked with the contract first, and unblocks it', async () => {
    profileIs(profile);
    const blocked = withSettings({ blocked_companies: [{ name: 'Initech', website: 'initech.example' }] });
    const writes = answer('put', '/job-seeker/settings', ({ body }) =>
      (body as { blockedCompanies: unknown[] }).blockedCompanies.length > 0
        ? { message: 'Settings saved successfully!', profile: blocked }
        : { message: 'Settings saved successfully!', profile },
    );
    const { user } = open();
    const form = await screen.findByRole('form', { name: 'Block a company' });
    await user.type(within(form).getByLabelText(/Company name/), 'Initech');
    await user.type(within(form).getByLabelText(/Website/), 'initech');
    await user.click(within(form).getByRole('button', { name: 'Block this company' }));
    expect(await within(form).findByText('Please enter a website such as globex.com')).toBeInTheDocument();
    expect(writes).toHaveLength(0);

    await user.clear(within(form).getByLabelText(/Website/));
    await user.type(within(form).getByLabelText(/Website/), 'initech.example');
    await user.click(within(form).getByRole('button', { name: 'Block this company' }));
    const list = await screen.findByRole('list', { name: 'Blocked companies' });
    expect(list).toHaveTextContent('Initech · initech.example');
    expect(writes[0]?.body).toMatchObject({
      blockedCompanies: [{ name: 'Initech', website: 'initech.example' }],
    });
    expect(within(form).getByLabelText(/Company name/)).toHaveValue('');

    await user.click(screen.getByRole('button', { name: 'Unblock Initech' }));
    expect(await screen.findByText('No company blocked yet.')).toBeInTheDocument();
    expect(writes[1]?.body).toMatchObject({ blockedCompanies: [] });
  });

  it("shows the server's refusal and keeps the switch as it was", async () => {
    profileIs(profile);
    answer(
      'put',
      '/job-seeker/settings',
      failure('Profile not found. Create your profile first.', 'NOT_FOUND'),
      {
        status: 404,
      },
    );
    const { user } = open();
    await user.click(await screen.findByRole('checkbox', { name: visibilityTexts.paused }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Profile not found. Create your profile first.',
    );
    expect(screen.getByRole('checkbox', { name: visibilityTexts.paused })).not.toBeChecked();
  });
});

describe('the preview of what employers see', () => {
  it('says so while paused, and lists every company the profile is never shown to', async () => {
    answer('get', '/job-seeker/profile', {
      profile: withSettings({
        paused: true,
        blocked_companies: [
          { name: 'Initech', website: 'initech.example' },
          { name: 'Hooli', website: null },
        ],
      }),
    });
    open('/job-seeker');
    expect(await screen.findByTestId('paused-notice')).toHaveTextContent(visibilityTexts.pausedNotice);
    const hidden = screen.getByRole('list', { name: 'Companies that never see you' });
    expect(
      within(hidden)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Nordhafen Logistics (current employer)', 'Initech (initech.example)', 'Hooli']);
  });

  it('shows no pause and no block list when there is none', async () => {
    profileIs(withSettings({ current_employers: [] }));
    open('/job-seeker');
    expect(await screen.findByTestId('employer-preview')).toHaveTextContent(profile.unique_code);
    expect(screen.queryByTestId('paused-notice')).not.toBeInTheDocument();
    expect(screen.getByTestId('hidden-from')).toHaveTextContent(
      'No company is blocked: every verified employer can find you.',
    );
  });
});
