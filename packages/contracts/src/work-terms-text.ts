import type { CountryCode, SalaryBand, WorkMode } from './work-terms';
import { countryCodes, workModeLabels } from './work-terms';

/**
 * How the terms of a position read, on a screen or in an e-mail: country names from
 * `Intl.DisplayNames`, salaries with `Intl.NumberFormat` in their currency, in British English.
 */
const locale = 'en-GB';

let regions: Intl.DisplayNames | undefined;
/** `DE` as `Germany`; a code the runtime does not know stays as it is. */
export const countryName = (code: CountryCode) => {
  regions ??= new Intl.DisplayNames([locale], { type: 'region' });
  return regions.of(code) ?? code;
};

let countries: { value: CountryCode; label: string }[] | undefined;
/** Every country the contracts know, by name, for a select. */
export const countryOptions = () => {
  countries ??= countryCodes
    .map((code) => ({ value: code, label: countryName(code) }))
    .sort((a, b) => a.label.localeCompare(b.label, locale));
  return countries;
};

const money = new Map<string, Intl.NumberFormat>();
/** An amount in whole units of its currency: `€65,000`. */
export const moneyText = (value: number, currency: string) => {
  let format = money.get(currency);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'currency', currency, maximumFractionDigits: 0 });
    money.set(currency, format);
  }
  return format.format(value);
};

/** `€60,000–€80,000 a year`, or one amount when the band is one salary. */
export const salaryBandText = ({ min, max, currency }: SalaryBand) =>
  `${min === max ? moneyText(min, currency) : `${moneyText(min, currency)}–${moneyText(max, currency)}`} a year`;

/** Where the work is: `Hamburg, Germany`; remote work open to any country is `Anywhere`. */
export const placeText = (location: string | null, country: CountryCode | null) =>
  [location, country ? countryName(country) : null].filter(Boolean).join(', ') || 'Anywhere';

/** How and where: `Hybrid, Hamburg, Germany`, `Remote, Anywhere`. */
export const workPlaceText = (workMode: WorkMode, location: string | null, country: CountryCode | null) =>
  `${workModeLabels[workMode]}, ${placeText(location, country)}`;
