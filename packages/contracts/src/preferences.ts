import { z } from 'zod';
import {
  countryCodes,
  workModeLabels,
  ZCountryCode,
  ZCurrency,
  ZNoticeWeeks,
  ZSalaryBand,
  ZWorkMode,
} from './work-terms';
import { countryName, moneyText } from './work-terms-text';

/**
 * A job seeker's job preferences: the work modes, countries, notice period and
 * minimum salary they accept. Private to the candidate and to admins. They travel to the
 * matching service only to leave the candidate out of a position's search whose terms they do
 * not accept; no answer to an employer carries them, not even as a label.
 */

const unique = <T>(list: readonly T[]) => new Set(list).size === list.length;

/** A minimum yearly salary, in whole units of its currency. */
export const ZMinimumSalary = z.strictObject({
  amount: ZSalaryBand.shape.min,
  currency: ZCurrency,
});
export type MinimumSalary = z.infer<typeof ZMinimumSalary>;

/**
 * PUT /api/job-seeker/preferences, GET's answer, and the projection's `preferences`. Empty lists
 * and nulls accept anything: `workModes` empty is any mode, `countries` empty is anywhere.
 */
export const ZJobPreferences = z.strictObject({
  workModes: z
    .array(ZWorkMode, { message: 'workModes must be a list' })
    .refine(unique, { message: 'Each work mode can be chosen once' }),
  countries: z
    .array(ZCountryCode, { message: 'countries must be a list' })
    .max(countryCodes.length, { message: 'Too many countries' })
    .refine(unique, { message: 'Each country can be chosen once' }),
  noticeWeeks: ZNoticeWeeks.nullable(),
  minimumSalary: ZMinimumSalary.nullable(),
});
export type JobPreferences = z.infer<typeof ZJobPreferences>;

/** No preference: every position's terms are accepted. Profiles and projections from before preferences read as this. */
export const noPreferences: JobPreferences = {
  workModes: [],
  countries: [],
  noticeWeeks: null,
  minimumSalary: null,
};

/** Whether any preference is set (a candidate without one is never left out of a search). */
export const hasPreferences = (preferences: JobPreferences) =>
  preferences.workModes.length > 0 ||
  preferences.countries.length > 0 ||
  preferences.noticeWeeks !== null ||
  preferences.minimumSalary !== null;

/** A yearly amount with its currency, in whole units ("€65,000"). */
export const formatYearlyAmount = ({ amount, currency }: MinimumSalary) => moneyText(amount, currency);

/** The preferences in words, one row each, for the candidate's and the admins' screens (never an employer's). */
export function preferencesInWords(preferences: JobPreferences): Array<{ label: string; value: string }> {
  const { workModes, countries, noticeWeeks, minimumSalary } = preferences;
  return [
    {
      label: 'Work modes',
      value: workModes.length === 0 ? 'Any' : workModes.map((mode) => workModeLabels[mode]).join(', '),
    },
    {
      label: 'Countries',
      value: countries.length === 0 ? 'Anywhere' : countries.map(countryName).join(', '),
    },
    {
      label: 'Notice period',
      value: noticeWeeks === null ? 'Not given' : `${noticeWeeks} week${noticeWeeks === 1 ? '' : 's'}`,
    },
    {
      label: 'Minimum salary',
      value: minimumSalary === null ? 'None' : `${formatYearlyAmount(minimumSalary)} a year`,
    },
  ];
}

export const ZJobPreferencesAnswer = z.strictObject({ preferences: ZJobPreferences });
export const ZJobPreferencesWriteAnswer = z.strictObject({
  message: z.string(),
  preferences: ZJobPreferences,
});
export type JobPreferencesWriteAnswer = z.infer<typeof ZJobPreferencesWriteAnswer>;

export const preferencesTexts = {
  title: 'Job preferences',
  privacy:
    'Private: employers never see these. We only use them to leave you out of positions you would not take.',
  workModes: 'Work modes I accept',
  workModesHint: 'None ticked: any work mode.',
  countries: 'Countries where I may work',
  countriesHint: 'None chosen: anywhere. Remote work open to any country is always accepted.',
  noticeWeeks: 'Notice period (weeks)',
  noticeWeeksHint: 'How many weeks before you could start. Leave empty if you do not want to say.',
  minimumSalary: 'Minimum yearly salary',
  minimumSalaryHint:
    'Positions whose highest salary is below this, in the same currency, leave you out. Leave empty for none.',
  currency: 'Currency',
  save: 'Save preferences',
  saved: 'Preferences saved successfully!',
  saveFailed: 'Error saving preferences',
  loading: 'Loading your preferences…',
  loadFailed: 'Your preferences could not be loaded',
} as const;
