import { useId } from 'react';
import { NavLink } from 'react-router-dom';
import { menu } from './menu';

/** Overview, Match Requests, Contact Log, Data Access Log, User Management; the active entry has aria-current. */
export function SideMenu() {
  const titleId = useId();
  return (
    <nav aria-labelledby={titleId}>
      <h2 className="side-menu__title" id={titleId}>
        Administration
      </h2>
      <ul>
        {menu.map((entry) => (
          <li key={entry.to}>
            <NavLink to={entry.to} end={entry.end}>
              {entry.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
