import type { Stats } from '@meritmatch/contracts';
import { LoadingState } from '@meritmatch/ui';
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
  if (query.isPending) {
    return (
      <div className="card">
        <LoadingState label="Loading statistics…" />
      </div>
    );
  }
  if (query.isError) {
    return (
      <div className="card">
        <LoadError title="The statistics could not be loaded." description={null} query={query} />
      </div>
    );
  }
  return (
    <section aria-label="Statistics">
      <ul className="admin-stats" aria-busy={query.isFetching || undefined}>
        {cards.map((card) => (
          <li
            key={card.key}
            className={`card stat admin-stat admin-stat--${card.tone}`}
            data-testid={`stat-${card.key}`}
          >
            <span className="stat__value">{number.format(query.data[card.key])}</span>
            <span className="stat__label">{card.label}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
