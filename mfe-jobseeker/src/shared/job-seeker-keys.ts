/** The job seeker area's queries: the own profile holds every section and the settings; the requests are their own. */
export const jobSeekerKeys = {
  all: ['job-seeker'] as const,
  profile: ['job-seeker', 'profile'] as const,
  interest: ['job-seeker', 'interest'] as const,
  /** The private job preferences (GET /job-seeker/preferences). */
  preferences: ['job-seeker', 'preferences'] as const,
  searchAppearances: ['job-seeker', 'search-appearances'] as const,
};
