import { describe, expect, it } from 'vitest';
import { SystemSettingsView } from './system-settings';

const settings = (version: number, askBeforeSharingByDefault: boolean, confirmedAddressesOnly = false) => ({
  askBeforeSharingByDefault,
  confirmedAddressesOnly,
  senderName: 'MeritMatch',
  senderAddress: 'no-reply@example.com',
  inactiveAccountMonths: 12,
  version,
  updatedAt: '2026-01-01T00:00:00.000Z',
});

describe('the default of a new profile', () => {
  it('shares without asking until the admin says otherwise', () => {
    expect(new SystemSettingsView().profileDefaults()).toEqual({ askBeforeSharing: false });
  });

  it('follows the newest settings and ignores an older one replayed after it', () => {
    const view = new SystemSettingsView();
    view.apply(settings(2, true));
    view.apply(settings(1, false));
    expect(view.profileDefaults()).toEqual({ askBeforeSharing: true });
    view.apply(settings(3, false));
    expect(view.profileDefaults()).toEqual({ askBeforeSharing: false });
  });
});

describe('the rule on unconfirmed addresses', () => {
  it('is off until the admin turns it on, and follows the newest settings', () => {
    const view = new SystemSettingsView();
    expect(view.confirmedAddressesOnly()).toBe(false);
    view.apply(settings(2, false, true));
    view.apply(settings(1, false, false));
    expect(view.confirmedAddressesOnly()).toBe(true);
    view.apply(settings(3, false, false));
    expect(view.confirmedAddressesOnly()).toBe(false);
  });
});
