import type { Stats } from '@meritmatch/contracts';
import { LoadError } from '@meritmatch/web-kit';
import { useStats } from './stats-query';

const cards: { key: keyof Stats; label: string; tone: string }[] = [
  { key: 'job_seekers', label: 'Job Seekers', tone: 'primary' },
  { key: 'employers', label: 'Employers', tone: 'info' },
  { key: 'pending_requests', label: 'Pending Requests', tone: 'warning' },
  { key: 'approved_requests', label: 'Approved Requests', tone: 'success' },
  { key: 'connected_matches', label: 'Connected Matches', tone: 'accent' },
];

const number = new Intl.NumberFormat('en-GB');

/** The five counters; refreshed with every change made in the area. */
export function StatsCards() {
  const query = useStats();
  if (query.isError) {
    return (
      <div className="card">
        <LoadError title="The statistics could not be loaded." description={null} query={query} />
      </div>
    );
  }
  // while they load, the cards are there with their labels and no figure, at their full size: what
  // follows them does not move when the figures come (layout shift)
  const stats = query.data;
  return (
    <section aria-label="Statistics">
      {stats ? null : (
        <p className="visually-hidden" role="status">
          Loading statistics…
        </p>
      )}
      <ul className="admin-stats" aria-busy={query.isFetching || undefined}>
        {cards.map((card) => (
          <li
            key={card.key}
            className={`card stat admin-stat admin-stat--${card.tone}`}
            data-testid={stats ? `stat-${card.key}` : undefined}
          >
            <span className="stat__value" aria-hidden={stats ? undefined : true}>
              {stats ? number.format(stats[card.key]) : '–'}
            </span>
            <span className="stat__label">{card.label}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
