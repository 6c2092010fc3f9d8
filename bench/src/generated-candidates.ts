import { randomUUID } from 'node:crypto';
import {
  type CandidateProjection,
  type CountryCode,
  currencies,
  degrees,
  type JobPreferences,
  noPreferences,
  proficiencyLevels,
  skillSuggestions,
  workModes,
} from '@meritmatch/contracts';
import { cities as demoCities } from '@meritmatch/infra/demo';
import { type Random, seededRandom } from './support';

/** The demo's places and more, so that many candidates spread wider (50 places in all). */
const cities = [
  ...demoCities,
  'Leeds, UK',
  'Rotterdam, Netherlands',
  'Brussels, Belgium',
  'Rome, Italy',
  'Krakow, Poland',
  'Oslo, Norway',
  'Helsinki, Finland',
  'Boston, MA',
  'Seattle, WA',
  'San Francisco, CA',
  'Chicago, IL',
  'Vancouver, Canada',
  'Cape Town, South Africa',
  'Cairo, Egypt',
  'Pune, India',
  'Melbourne, Australia',
  'Auckland, New Zealand',
  'Tokyo, Japan',
  'Seoul, South Korea',
  'Sao Paulo, Brazil',
  'Buenos Aires, Argentina',
  'Mexico City, Mexico',
];

/** The skills the product suggests (123, in ten categories). */
const skills = skillSuggestions.flatMap((category) => category.skills);
const positions = [
  'Software Engineer',
  'Data Analyst',
  'Nurse',
  'Project Manager',
  'Designer',
  'Accountant',
  'Technician',
  'Consultant',
  'Sales Manager',
  'Teacher',
];
const companies = [
  'Northwind',
  'Globex',
  'Initech',
  'Umbrella Health',
  'Stark Industries',
  'Wayne Logistics',
  'Acme',
  'Hooli',
  'Vandelay',
  'Soylent',
];
/** Countries a candidate with a country preference names (one to three of them). */
const countries: CountryCode[] = ['GB', 'DE', 'FR', 'NL', 'ES', 'PL', 'US', 'CA', 'IN', 'AU'];

/**
 * Private job preferences for 40% of the candidates, from a generator of their own (so that every
 * other field stays what it was): each preference set on about half of them. Only a position's
 * search reads them (a filter).
 */
function preferencesOf(random: Random): JobPreferences {
  if (random.next() >= 0.4) return noPreferences;
  const half = () => random.next() < 0.5;
  return {
    workModes: half() ? random.sample(workModes, random.int(1, 2)) : [],
    countries: half() ? random.sample(countries, random.int(1, 3)) : [],
    noticeWeeks: half() ? random.pick([0, 2, 4, 8, 12]) : null,
    minimumSalary: half()
      ? { amount: random.int(3, 15) * 10_000, currency: random.pick(currencies.slice(0, 3)) }
      : null,
  };
}

const date = (year: number, month: number) => `${year}-${String(month).padStart(2, '0')}-01`;

/** Realistic anonymous projections from a seeded generator: the same candidates every run. */
export const generateCandidates = (count: number, seed = 42): CandidateProjection[] =>
  generatePeople(count, seed).map((person) => person.projection);

/** The same candidates, each with the birth date the projection keeps only the year of. */
export function generatePeople(count: number, seed = 42) {
  const random = seededRandom(seed);
  const preferring = seededRandom(seed + 1);
  const result: Array<{ projection: CandidateProjection; dateOfBirth: string }> = [];
  for (let i = 0; i < count; i++) {
    const careerStart = random.int(1995, 2025);
    const experiences = Array.from({ length: random.int(0, 4) }, (_, index) => {
      const start = Math.min(2025, careerStart + index * random.int(1, 4));
      const current = index === 0 && random.next() < 0.5;
      const end = current ? null : date(Math.min(2026, start + random.int(1, 5)), random.int(1, 12));
      return {
        position: random.pick(positions),
        companyName: random.pick(companies),
        startDate: date(start, random.int(1, 12)),
        endDate: end,
        isCurrent: current,
        description: 'Delivered projects with cross-functional teams.',
        experienceType: random.next() < 0.15 ? ('internship' as const) : ('professional' as const),
      };
    });
    const education = Array.from({ length: random.int(0, 2) }, () => ({
      degree: random.pick(degrees),
      fieldOfStudy: 'General Studies',
      institution: `${random.pick(['State', 'Technical', 'City', 'National'])} University`,
      graduationYear: random.int(1995, 2026),
      gpa: random.next() < 0.5 ? Math.round(random.next() * 400) / 100 : null,
    }));
    const location = random.pick(cities);
    const dateOfBirth = date(random.int(1960, 2006), random.int(1, 12));
    const projection: CandidateProjection = {
      candidateId: randomUUID(),
      uniqueCode: `EM${String(100000 + i)}`,
      version: 1,
      searchable: true,
      location,
      birthYear: Number(dateOfBirth.slice(0, 4)),
      gender: null,
      skills: random
        .sample(skills, random.int(2, 12))
        .map((name) => ({ name, proficiencyLevel: random.pick(proficiencyLevels) })),
      experiences,
      education,
      certifications: [],
      updatedAt: new Date('2026-01-01T00:00:00Z').toISOString(),
      ownerUserId: randomUUID(),
      askBeforeSharing: false,
      paused: false,
      blockedCompanies: [],
      blockedDomains: [],
      preferences: preferencesOf(preferring),
    };
    result.push({ projection, dateOfBirth });
  }
  return result;
}
