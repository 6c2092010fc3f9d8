import {
  educationFilterLabels,
  experienceFilterLabels,
  type Position,
  type SavedSearch,
  type SavedSearchInput,
} from '@meritmatch/contracts';
import { type FilterValues, filtersToParams } from '../search/search-filters';

const nameLimit = 80;

/** What a saved search keeps of the form: its filters, trimmed, blank ones left out. */
export function savedFiltersOf(values: FilterValues): SavedSearchInput['filters'] {
  const text = (name: 'skills' | 'preferred' | 'location' | 'position') => {
    const value = values[name].trim();
    return value ? { [name]: value } : {};
  };
  return {
    ...text('skills'),
    ...text('preferred'),
    ...text('location'),
    experience: values.experience,
    education: values.education,
    ...text('position'),
  };
}

/**
 * The name a search is offered under: the position's title when it was made from one, else its
 * skills, else its other filters in words.
 */
export function suggestedName(values: FilterValues, positions: readonly Position[] | undefined): string {
  const title = positions?.find((position) => position.id === values.position)?.title;
  const named =
    title ??
    (values.skills.trim() ||
      values.preferred.trim() ||
      values.location.trim() ||
      (values.experience !== 'all' ? experienceFilterLabels[values.experience] : '') ||
      (values.education !== 'all' ? educationFilterLabels[values.education] : ''));
  return named.slice(0, nameLimit).trim();
}

/** A saved search's filters as the employer reads them, one phrase each; the levels by their labels. */
export function filtersInWords({ filters, position_title }: SavedSearch): string[] {
  const words: string[] = [];
  if (filters.skills) words.push(`Skills: ${filters.skills}`);
  if (filters.preferred) words.push(`Nice to have: ${filters.preferred}`);
  if (filters.location) words.push(`Location: ${filters.location}`);
  if (filters.experience !== 'all') words.push(experienceFilterLabels[filters.experience]);
  if (filters.education !== 'all') words.push(educationFilterLabels[filters.education]);
  if (filters.position_id) {
    words.push(position_title ? `From position: ${position_title}` : 'From a position you no longer have');
  }
  return words;
}

/** The search page with the saved search's filters and position in its address. */
export function runPath({ filters }: SavedSearch): string {
  const params = filtersToParams({
    skills: filters.skills ?? '',
    preferred: filters.preferred ?? '',
    location: filters.location ?? '',
    experience: filters.experience,
    education: filters.education,
    position: filters.position_id ?? '',
    page: 1,
  });
  const query = params.toString();
  return query ? `/employer/search?${query}` : '/employer/search';
}
