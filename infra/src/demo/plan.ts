import { cities, companies, firstNames, institutions, lastNames, levels, tracks } from './data';
import type { Random } from './random';

/** The last year a demo job ends in. */
const lastEndYear = 2025;

/** The n-th demo job seeker: profile, jobs, degrees, skills and maybe a certification. */
export function planSeeker(rng: Random, n: number) {
  const track = rng.pick(tracks);
  const fullName = `${rng.pick(firstNames)} ${rng.pick(lastNames)}`;
  const profile = {
    fullName,
    phone: `+44 7700 ${String(900000 + n).slice(-6)}`,
    location: rng.pick(cities),
    dateOfBirth: `${rng.int(1965, 2004)}-${String(rng.int(1, 12)).padStart(2, '0')}-${String(rng.int(1, 28)).padStart(2, '0')}`,
    gender: rng.pick(['male', 'female', 'non-binary', 'prefer-not-to-say', 'other', '']),
  };
  const experiences = [];
  // every job starts in a year before the one it ends in, and no later than 2024: no start date
  // is in the future, and none comes after its end (the profile service refuses both)
  let year = rng.int(2005, 2023);
  for (let j = 0, jobs = rng.int(0, 3); j < jobs && year < lastEndYear; j++) {
    const current = j === jobs - 1 && rng.next() < 0.6;
    const end = Math.min(lastEndYear, year + rng.int(1, 4));
    experiences.push({
      companyName: rng.pick(companies),
      position: rng.pick(track.titles),
      startDate: `${year}-${String(rng.int(1, 12)).padStart(2, '0')}-01`,
      endDate: current ? null : `${end}-${String(rng.int(1, 12)).padStart(2, '0')}-01`,
      isCurrent: current,
      experienceType: j === 0 && rng.next() < 0.3 ? 'internship' : 'professional',
      description: `Worked on ${rng.sample(track.skills, 2).join(' and ')} with a team of ${rng.int(3, 15)}.`,
      skills: rng.sample(track.skills, 3),
    });
    year = end;
  }
  const education = [];
  for (let j = 0, degrees = rng.int(0, 2); j < degrees; j++) {
    education.push({
      institution: rng.pick(institutions),
      degree: rng.pick([
        "Bachelor's Degree",
        "Master's Degree",
        'High School Diploma',
        'Doctoral Degree',
        'Associate Degree',
        'Diploma',
      ]),
      fieldOfStudy: track.field,
      graduationYear: rng.int(1990, 2026),
      ...(rng.next() < 0.6 ? { gpa: Math.round((2 + rng.next() * 2) * 100) / 100 } : {}),
    });
  }
  const skills = {
    skills: rng
      .sample(track.skills, rng.int(2, 9))
      .map((name) => ({ name, proficiencyLevel: rng.pick(levels) })),
  };
  let certification: { name: string; issuer: string; issueDate: string } | undefined;
  if (rng.next() < 0.4) {
    const [name, issuer] = rng.pick(track.certs);
    certification = {
      name: name!,
      issuer: issuer!,
      issueDate: `${rng.int(2015, 2025)}-0${rng.int(1, 9)}-15`,
    };
  }
  return { n, profile, experiences, education, skills, certification };
}

export type SeekerPlan = ReturnType<typeof planSeeker>;

/** Each demo city's country (ISO code) and the currency its salaries are in; none for "Remote". */
const placeOf: Record<string, { country: string; currency: string } | undefined> = {
  Germany: { country: 'DE', currency: 'EUR' },
  UK: { country: 'GB', currency: 'GBP' },
  Ireland: { country: 'IE', currency: 'EUR' },
  France: { country: 'FR', currency: 'EUR' },
  Spain: { country: 'ES', currency: 'EUR' },
  Portugal: { country: 'PT', currency: 'EUR' },
  Netherlands: { country: 'NL', currency: 'EUR' },
  Austria: { country: 'AT', currency: 'EUR' },
  Switzerland: { country: 'CH', currency: 'CHF' },
  Italy: { country: 'IT', currency: 'EUR' },
  Poland: { country: 'PL', currency: 'PLN' },
  Czechia: { country: 'CZ', currency: 'CZK' },
  Sweden: { country: 'SE', currency: 'SEK' },
  Denmark: { country: 'DK', currency: 'DKK' },
  Canada: { country: 'CA', currency: 'CAD' },
  NY: { country: 'US', currency: 'USD' },
  TX: { country: 'US', currency: 'USD' },
  Nigeria: { country: 'NG', currency: 'USD' },
  Kenya: { country: 'KE', currency: 'USD' },
  India: { country: 'IN', currency: 'USD' },
  Singapore: { country: 'SG', currency: 'USD' },
  Australia: { country: 'AU', currency: 'AUD' },
};
/** Neighbours a candidate may also work in. */
const nearby: Record<string, string[]> = {
  DE: ['AT', 'CH', 'NL'],
  GB: ['IE'],
  IE: ['GB'],
  FR: ['BE', 'LU', 'CH'],
  ES: ['PT'],
  PT: ['ES'],
  NL: ['BE', 'DE'],
  AT: ['DE', 'CH'],
  CH: ['DE', 'AT'],
  IT: ['CH'],
  PL: ['DE', 'CZ'],
  CZ: ['DE', 'AT'],
  SE: ['DK', 'NO'],
  DK: ['SE', 'DE'],
  CA: ['US'],
  US: ['CA'],
};
/** A yearly amount of euros, roughly, in each currency: for minimum salaries that look plausible. */
const perEuro: Record<string, number> = {
  EUR: 1,
  USD: 1.1,
  GBP: 0.85,
  CHF: 0.95,
  SEK: 11,
  DKK: 7.5,
  PLN: 4.3,
  CZK: 25,
  CAD: 1.5,
  AUD: 1.6,
};

/**
 * The job preferences of a demo job seeker, or null for none (about two in five have some):
 * work modes, their country and maybe its neighbours, a notice in weeks and a minimum salary in
 * their country's currency, each only sometimes. Drawn with a generator of their own, after
 * every seeker's plan, so that the demo's people, and the searches that find them, stay as they were.
 */
export function planPreferences(rng: Random, seeker: SeekerPlan) {
  if (rng.next() >= 0.4) return null;
  const place = placeOf[seeker.profile.location.split(', ').at(-1)!];
  const modes = ['on-site', 'hybrid', 'remote'] as const;
  const workModes = rng.next() < 0.6 ? rng.sample(modes, rng.int(1, 2)) : [];
  const countries =
    place && rng.next() < 0.6
      ? [place.country, ...rng.sample(nearby[place.country] ?? [], rng.int(0, 2))]
      : [];
  const noticeWeeks = rng.next() < 0.5 ? rng.pick([0, 2, 4, 4, 8, 12]) : null;
  const currency = place?.currency ?? 'EUR';
  const euros = rng.int(6, 18) * 5000;
  const minimumSalary =
    rng.next() < 0.5 ? { amount: Math.round((euros * perEuro[currency]!) / 1000) * 1000, currency } : null;
  return { workModes: [...workModes], countries, noticeWeeks, minimumSalary };
}

export type PreferencesPlan = NonNullable<ReturnType<typeof planPreferences>>;
