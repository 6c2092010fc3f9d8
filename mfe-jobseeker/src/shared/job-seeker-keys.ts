/** The job seeker area's queries: the own profile holds every section, so it is the one key. */
export const jobSeekerKeys = {
  all: ['job-seeker'] as const,
  profile: ['job-seeker', 'profile'] as const,
};
