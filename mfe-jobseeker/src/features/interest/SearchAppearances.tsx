import { appearanceWeeks, searchAppearanceTexts } from '@meritmatch/contracts';
import { Card, EmptyState, LoadingState } from '@meritmatch/ui';
import { countOf, formatDate, LoadError } from '@meritmatch/web-kit';
import { useSearchAppearances } from './interest-query';

/**
 * "Your profile in searches": per week, how many employers' searches showed the candidate and how
 * often their profile was opened, from the search log. Counts only: no employer is named, and no
 * count is given per employer. Weeks with neither are left out of the table.
 */
export function SearchAppearances() {
  const query = useSearchAppearances();
  const weeks = query.data;
  const active = (weeks ?? []).filter((week) => week.searches + week.opened > 0);
  const searches = active.reduce((sum, week) => sum + week.searches, 0);
  const opened = active.reduce((sum, week) => sum + week.opened, 0);
  // the bars are drawn against the busiest week
  const most = Math.max(1, ...active.map((week) => week.searches));
  return (
    <Card title={searchAppearanceTexts.title}>
      <div className="stack" data-testid="search-appearances">
        <p className="small muted">{searchAppearanceTexts.intro}</p>
        {query.isError ? (
          <LoadError title="Your weeks in searches could not be loaded." query={query} />
        ) : !weeks ? (
          <LoadingState label="Loading your weeks in searches…" />
        ) : active.length === 0 ? (
          <EmptyState title={searchAppearanceTexts.empty} description={searchAppearanceTexts.emptyHint} />
        ) : (
          <>
            <p className="appearances__total">
              In the last {appearanceWeeks} weeks: shown in {countOf(searches, 'search', 'searches')}, profile
              opened {countOf(opened, 'time', 'times')}.
            </p>
            <div className="table-wrap">
              <table className="table appearances">
                <caption className="visually-hidden">
                  Searches that showed your profile, and times it was opened, per week, newest first
                </caption>
                <thead>
                  <tr>
                    <th scope="col">Week of</th>
                    <th scope="col">Shown in searches</th>
                    <th scope="col">Profile opened</th>
                  </tr>
                </thead>
                <tbody>
                  {active.map((week) => (
                    <tr key={week.week_start} data-testid="appearance-week">
                      <th scope="row">
                        <time dateTime={week.week_start}>{formatDate(week.week_start)}</time>
                      </th>
                      <td>
                        <span className="appearances__count">
                          <span
                            className="appearances__bar"
                            aria-hidden="true"
                            style={{ width: `${(100 * week.searches) / most}%` }}
                          />
                          <span>{week.searches}</span>
                        </span>
                      </td>
                      <td>{week.opened}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
      </div>
    </Card>
  );
}
