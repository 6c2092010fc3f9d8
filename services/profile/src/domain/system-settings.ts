import type { SystemSettingsChanged } from '@meritmatch/contracts';

/**
 * The admin's System Settings as this service knows them, from the `system-settings` topic
 * (owned by the notifications service): the newest version wins, a replayed older one is ignored.
 * Until the first one arrives, a new profile shares without asking (the spec's flow) and any
 * address passes (the rule is off).
 */
export class SystemSettingsView {
  private latest: SystemSettingsChanged['data'] | undefined;

  apply(settings: SystemSettingsChanged['data']) {
    if (this.latest && this.latest.version >= settings.version) return;
    this.latest = settings;
  }

  profileDefaults() {
    return { askBeforeSharing: this.latest?.askBeforeSharingByDefault ?? false };
  }

  /** "Only confirmed addresses are searchable and can be verified". */
  confirmedAddressesOnly() {
    return this.latest?.confirmedAddressesOnly ?? false;
  }
}
