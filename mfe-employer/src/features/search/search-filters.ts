import {
  educationFilterLabels,
  educationFilters,
  experienceFilterLabels,
  experienceFilters,
  type Position,
  searchPageSize,
} from '@meritmatch/contracts';

export type ExperienceFilter = (typeof experienceFilters)[number];
export type EducationFilter = (typeof educationFilters)[number];

/** What the filter form edits. */
export type FilterValues = {
  skills: string;
  /** Nice-to-have skills: they rank the results and filter nothing. */
  preferred: string;
  location: string;
  experience: ExperienceFilter;
  education: EducationFilter;
  /** One of the employer's open positions ('' for none): filters by the candidates' preferences, and ranks. */
  position: string;
};
/** The whole search: the filters and the page, kept in the URL's query string. */
export type SearchFilters = FilterValues & { page: number };

export const noFilters: FilterValues = {
  skills: '',
  preferred: '',
  location: '',
  experience: 'all',
  education: 'all',
  position: '',
};

export const experienceOptions = experienceFilters.map((value) => ({
  value,
  label: experienceFilterLabels[value],
}));
export const educationOptions = educationFilters.map((value) => ({
  value,
  label: educationFilterLabels[value],
}));

const oneOf = <T extends string>(options: readonly T[], value: string | null, fallback: T): T =>
  options.find((option) => option === value) ?? fallback;

/** The filters of a search, without its page: what the form shows. */
export const filterValuesOf = ({
  skills,
  preferred,
  location,
  experience,
  education,
  position,
}: SearchFilters): FilterValues => ({
  skills,
  preferred,
  location,
  experience,
  education,
  position,
});

/**
 * The filters a position fills: its must-have skills, its nice-to-have skills, and its location
 * unless the work is remote (then no location, which would leave out candidates for nothing).
 */
export const filtersFrom = (position: Position) => ({
  skills: position.must_have.join(', '),
  preferred: position.nice_to_have.join(', '),
  location: position.work_mode === 'remote' ? '' : (position.location ?? ''),
});

/** Reads the search from the URL; anything unknown falls back to its default. */
export function readFilters(params: URLSearchParams): SearchFilters {
  const page = Number(params.get('page'));
  return {
    skills: params.get('skills') ?? '',
    preferred: params.get('preferred') ?? '',
    location: params.get('location') ?? '',
    experience: oneOf(experienceFilters, params.get('experience'), 'all'),
    education: oneOf(educationFilters, params.get('education'), 'all'),
    position: params.get('position')?.trim() ?? '',
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/** The URL's query string for a search: defaults are left out, so a plain search stays `/employer/search`. */
export function filtersToParams(filters: SearchFilters): URLSearchParams {
  const params = new URLSearchParams();
  const skills = filters.skills.trim();
  const preferred = filters.preferred.trim();
  const location = filters.location.trim();
  if (skills) params.set('skills', skills);
  if (preferred) params.set('preferred', preferred);
  if (location) params.set('location', location);
  if (filters.experience !== 'all') params.set('experience', filters.experience);
  if (filters.education !== 'all') params.set('education', filters.education);
  if (filters.position) params.set('position', filters.position);
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}

/** The API's query (the client leaves out blank values). */
export const searchQuery = (filters: SearchFilters) => ({
  skills: filters.skills.trim(),
  preferred: filters.preferred.trim(),
  location: filters.location.trim(),
  experience: filters.experience,
  education: filters.education,
  position: filters.position,
  page: filters.page,
  limit: searchPageSize,
});

export const hasAnyFilter = (filters: FilterValues) =>
  filters.skills.trim() !== '' ||
  filters.preferred.trim() !== '' ||
  filters.location.trim() !== '' ||
  filters.experience !== 'all' ||
  filters.education !== 'all' ||
  filters.position !== '';
