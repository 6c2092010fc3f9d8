import { experienceTypeLabels } from '@meritmatch/contracts';
import { Badge } from '@meritmatch/ui';
import { formatMonthYear } from '@meritmatch/web-kit';
import { SkillList } from '../../shared/SkillList';
import type { ExperienceEntry } from './experience-form';

/** One listed experience: position, company, period, type, what was done and the skills used. */
export function ExperienceSummary({ entry }: { entry: ExperienceEntry }) {
  return (
    <>
      <div className="entry__head">
        <div className="entry__main">
          <h3 className="entry__title">{entry.position}</h3>
          <p className="entry__sub">{entry.company_name}</p>
          <p className="entry__meta">
            {formatMonthYear(entry.start_date)} –{' '}
            {entry.is_current || !entry.end_date ? 'Present' : formatMonthYear(entry.end_date)}
          </p>
        </div>
        <Badge tone={entry.experience_type === 'professional' ? 'accent' : 'info'}>
          {experienceTypeLabels[entry.experience_type]}
        </Badge>
      </div>
      {entry.description ? <p className="entry__text">{entry.description}</p> : null}
      <SkillList skills={entry.skills} label={`Skills used at ${entry.company_name}`} />
    </>
  );
}
