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
