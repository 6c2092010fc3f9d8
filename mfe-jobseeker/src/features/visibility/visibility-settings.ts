import type { VisibilitySettingsInput, VisibilitySettingsView } from '@meritmatch/contracts';

/** The settings as read, as the whole PUT /job-seeker/settings sends them back. */
export function settingsInput(settings: VisibilitySettingsView): VisibilitySettingsInput {
  return {
    askBeforeSharing: settings.ask_before_sharing,
    paused: settings.paused,
    blockedCompanies: settings.blocked_companies.map((blocked) => ({
      name: blocked.name,
      website: blocked.website,
    })),
    allowedCurrentEmployers: settings.current_employers
      .filter((employer) => !employer.blocked)
      .map((employer) => employer.company_name),
  };
}

/** The current employer hidden from (the default) or allowed to find the candidate. */
export function withCurrentEmployer(
  input: VisibilitySettingsInput,
  companyName: string,
  hidden: boolean,
): VisibilitySettingsInput {
  const others = (input.allowedCurrentEmployers ?? []).filter((name) => name !== companyName);
  return { ...input, allowedCurrentEmployers: hidden ? others : [...others, companyName] };
}
