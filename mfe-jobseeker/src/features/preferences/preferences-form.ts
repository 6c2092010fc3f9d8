import {
  countryOptions as allCountries,
  type CountryCode,
  type Currency,
  type JobPreferences,
  type WorkMode,
} from '@meritmatch/contracts';

/** The form as typed: numbers as text (empty is none), the countries as codes in the order chosen. */
export type PreferencesValues = {
  workModes: WorkMode[];
  countries: CountryCode[];
  noticeWeeks: string;
  minimumSalary: { amount: string; currency: Currency };
};

export const defaultCurrency: Currency = 'EUR';

export const toValues = (preferences: JobPreferences): PreferencesValues => ({
  workModes: [...preferences.workModes],
  countries: [...preferences.countries],
  noticeWeeks: preferences.noticeWeeks === null ? '' : String(preferences.noticeWeeks),
  minimumSalary: {
    amount: preferences.minimumSalary === null ? '' : String(preferences.minimumSalary.amount),
    currency: preferences.minimumSalary?.currency ?? defaultCurrency,
  },
});

/** A number as typed ("65,000", "65 000" and "65000" alike), or null when left empty; text stays text, for the contract to refuse. */
function numberOrNull(typed: string): number | string | null {
  const text = typed.trim().replace(/[\s,'_]/g, '');
  if (text === '') return null;
  return /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : text;
}

/** What PUT /job-seeker/preferences is sent (checked with `ZJobPreferences` first). */
export function toPayload(values: PreferencesValues): unknown {
  const amount = numberOrNull(values.minimumSalary.amount);
  return {
    // a single ticked box can come back as its value alone, none as false
    workModes: [values.workModes ?? []].flat().filter(Boolean),
    countries: values.countries,
    noticeWeeks: numberOrNull(values.noticeWeeks),
    minimumSalary: amount === null ? null : { amount, currency: values.minimumSalary.currency },
  };
}

/** Every country by its English name (`Intl.DisplayNames`), in alphabetical order. */
export const countryOptions: ReadonlyArray<{ code: CountryCode; name: string }> = allCountries().map(
  ({ value, label }) => ({ code: value, name: label }),
);

/** The country a typed name (any case) or code stands for, or undefined. */
export function countryTyped(typed: string): CountryCode | undefined {
  const text = typed.trim().toLowerCase();
  if (text === '') return undefined;
  return countryOptions.find(
    (option) => option.name.toLowerCase() === text || option.code.toLowerCase() === text,
  )?.code;
}
