/** The dashboard's side menu: absolute paths, the area is mounted under /employer/*. */
export const menuEntries = [
  { key: 'profile', label: 'Company Profile', to: '/employer', end: true },
  { key: 'search', label: 'Search Candidates', to: '/employer/search', end: false },
  { key: 'saved-searches', label: 'Saved Searches', to: '/employer/saved-searches', end: false },
  { key: 'positions', label: 'Positions', to: '/employer/positions', end: false },
  { key: 'requests', label: 'Match Requests', to: '/employer/requests', end: false },
] as const;
