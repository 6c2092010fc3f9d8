import {
  confirmedAddressesOnlyLabel,
  inactiveAccountMonthsLabel,
  notificationMessages,
} from '@meritmatch/contracts';
import { answer, renderArea, screen, sessionOf, waitFor } from '@meritmatch/web-testkit';
import { describe, expect, it } from 'vitest';
import App from '../../exposes/App';
import { systemSettings } from '../../test/fixtures';

const open = () =>
  renderArea(App, { mount: '/admin', path: '/admin/system-settings', session: sessionOf('admin') });

describe('System Settings', () => {
  it('shows and saves the consent default and the sender', async () => {
    answer('get', '/admin/system-settings', { settings: systemSettings });
    const saves = answer('put', '/admin/system-settings', (call) => ({
      message: notificationMessages.settingsSaved,
      settings: { ...systemSettings, ...(call.body as object) },
    }));
    const { user } = open();
    const consent = await screen.findByRole('checkbox', { name: /Ask me before sharing my details/ });
    expect(consent).not.toBeChecked();
    await user.click(consent);
    const name = screen.getByLabelText(/Sender name/);
    await user.clear(name);
    await user.type(name, 'MeritMatch Team');
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText(notificationMessages.settingsSaved)).toBeInTheDocument();
    expect(saves[0]?.body).toEqual({
      askBeforeSharingByDefault: true,
      senderName: 'MeritMatch Team',
      senderAddress: 'no-reply@example.com',
      confirmedAddressesOnly: false,
      inactiveAccountMonths: 12,
    });
  });

  it('shows and saves whether only confirmed addresses count, with what it means', async () => {
    answer('get', '/admin/system-settings', {
      settings: { ...systemSettings, confirmedAddressesOnly: true },
    });
    const saves = answer('put', '/admin/system-settings', (call) => ({
      message: notificationMessages.settingsSaved,
      settings: { ...systemSettings, ...(call.body as object) },
    }));
    const { user } = open();
    const confirmedOnly = await screen.findByRole('checkbox', { name: confirmedAddressesOnlyLabel });
    expect(confirmedOnly).toBeChecked();
    expect(confirmedOnly).toHaveAccessibleDescription(
      'When on, a job seeker whose address is not confirmed is not searchable, and an employer whose address is not confirmed cannot be verified.',
    );
    await user.click(confirmedOnly);
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText(notificationMessages.settingsSaved)).toBeInTheDocument();
    expect(saves[0]?.body).toMatchObject({ confirmedAddressesOnly: false });
    await user.click(confirmedOnly);
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    await waitFor(() => expect(saves).toHaveLength(2));
    expect(saves[1]?.body).toEqual({
      askBeforeSharingByDefault: false,
      senderName: 'MeritMatch',
      senderAddress: 'no-reply@example.com',
      confirmedAddressesOnly: true,
      inactiveAccountMonths: 12,
    });
  });

  it('saves the months without sign-in before an inactive account is erased, within its bounds', async () => {
    answer('get', '/admin/system-settings', { settings: systemSettings });
    const saves = answer('put', '/admin/system-settings', (call) => ({
      message: notificationMessages.settingsSaved,
      settings: { ...systemSettings, ...(call.body as object) },
    }));
    const { user } = open();
    const months = await screen.findByRole('spinbutton', { name: new RegExp(inactiveAccountMonthsLabel) });
    expect(months).toHaveValue(12);
    await user.clear(months);
    await user.type(months, '1');
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('Months must be a whole number from 2 to 120')).toBeInTheDocument();
    expect(saves).toHaveLength(0);
    await user.clear(months);
    await user.type(months, '24');
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0]?.body).toMatchObject({ inactiveAccountMonths: 24 });
  });

  it('checks the sender address as the server does', async () => {
    answer('get', '/admin/system-settings', { settings: systemSettings });
    const saves = answer('put', '/admin/system-settings', {});
    const { user } = open();
    const address = await screen.findByLabelText(/Sender address/);
    await user.clear(address);
    await user.type(address, 'nobody');
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(saves).toHaveLength(0);
  });
});
