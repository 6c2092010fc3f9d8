import type { CompletionSections } from '@meritmatch/contracts';
import { AreaMenu } from '@meritmatch/web-kit/area';
import { preloadPage } from './pages';
import { candidatePages, privatePages, sections } from './sections';

/**
 * The Profile Builder menu: one entry per section, each with a dot that is green once complete,
 * and the private job preferences (no dot: they count for no completion); then the candidate's
 * own pages: Interest (who asked for me) and Visibility.
 */
export function SideMenu({ done }: { done: CompletionSections }) {
  const builder = sections.map((section) => {
    const complete = done[section.key];
    return {
      to: section.to,
      end: section.key === 'profile',
      label: (
        <>
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
        </>
      ),
    };
  });
  return (
    <>
      <AreaMenu title="Profile Builder" entries={[...builder, ...privatePages]} onIntent={preloadPage} />
      <AreaMenu
        title="You and employers"
        entries={candidatePages}
        className="side-menu__pages"
        onIntent={preloadPage}
      />
    </>
  );
}
