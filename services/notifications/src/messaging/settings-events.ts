import { systemSettingsKey, ZSystemSettingsChanged } from '@meritmatch/contracts';
import { buildEvent, type Clock } from '@meritmatch/service-kit';
import type { StoredSettings } from '../use-cases/settings';

/** The System Settings for the other services (the profile service's default for new profiles, and whether only confirmed addresses count). */
export const systemSettingsChanged = (settings: StoredSettings, clock?: Clock) =>
  buildEvent(ZSystemSettingsChanged, {
    type: 'system.settings-changed',
    version: 1,
    aggregateId: systemSettingsKey,
    source: 'notifications',
    ...(clock ? { clock } : {}),
    data: {
      askBeforeSharingByDefault: settings.askBeforeSharingByDefault,
      senderName: settings.senderName,
      senderAddress: settings.senderAddress,
      confirmedAddressesOnly: settings.confirmedAddressesOnly,
      inactiveAccountMonths: settings.inactiveAccountMonths,
      version: settings.version,
      updatedAt: settings.updatedAt.toISOString(),
    },
  });
