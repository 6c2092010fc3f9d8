/**
 * The admin side menu (SPEC.md section 2, plus the Data Access Log and the Search log): absolute paths,
 * the shell mounts the area at /admin.
 */
export const menu = [
  { to: '/admin', label: 'Overview', end: true },
  { to: '/admin/requests', label: 'Match Requests', end: false },
  { to: '/admin/contact-log', label: 'Contact Log', end: false },
  { to: '/admin/access-log', label: 'Data Access Log', end: false },
  { to: '/admin/search-log', label: 'Search log', end: false },
  { to: '/admin/users', label: 'User Management', end: false },
] as const;
