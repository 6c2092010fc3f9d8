import type { CompletionSections } from '@meritmatch/contracts';
import { useId } from 'react';
import { NavLink } from 'react-router-dom';
import { candidatePages, sections } from './sections';

/**
 * The Profile Builder menu: one entry per section, each with a dot that is green once complete;
 * then the candidate's own pages: Interest (who asked for me) and Visibility.
 */
export function SideMenu({ done }: { done: CompletionSections }) {
  const titleId = useId();
  const pagesId = useId();
  return (
    <>
      <nav aria-labelledby={titleId}>
        <h2 className="side-menu__title" id={titleId}>
          Profile Builder
        </h2>
        <ul>
          {sections.map((section) => {
            const complete = done[section.key];
            return (
              <li key={section.key}>
                <NavLink to={section.to} end={section.key === 'profile'}>
                  <span>
                    {section.label}
                    <span className="visually-hidden">{complete ? ' (complete)' : ' (to do)'}</span>
                  </span>
                  <span
                    className={`dot${complete ? ' dot--done' : ''}`}
                    data-testid={`dot-${section.key}`}
                    data-complete={String(complete)}
                    aria-hidden="true"
                  />
                </NavLink>
              </li>
            );
          })}
        </ul>
      </nav>
      <nav aria-labelledby={pagesId} className="side-menu__pages">
        <h2 className="side-menu__title" id={pagesId}>
          You and employers
        </h2>
        <ul>
          {candidatePages.map((page) => (
            <li key={page.to}>
              <NavLink to={page.to}>{page.label}</NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </>
  );
}
