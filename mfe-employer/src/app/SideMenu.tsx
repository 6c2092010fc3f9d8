import { useId } from 'react';
import { NavLink } from 'react-router-dom';
import { menuEntries } from './menu';

export function SideMenu() {
  const titleId = useId();
  return (
    <nav aria-labelledby={titleId}>
      <h2 className="side-menu__title" id={titleId}>
        Employer menu
      </h2>
      <ul>
        {menuEntries.map((entry) => (
          <li key={entry.key}>
            <NavLink to={entry.to} end={entry.end}>
              {entry.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
