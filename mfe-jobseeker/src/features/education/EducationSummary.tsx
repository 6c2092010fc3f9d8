import { type EducationEntry, formatGpa } from './education-form';

/** One listed education entry: degree and field, institution, graduation year and GPA. */
export function EducationSummary({ entry }: { entry: EducationEntry }) {
  return (
    <div className="entry__main">
      <h3 className="entry__title">
        {entry.degree}
        {entry.field_of_study ? ` in ${entry.field_of_study}` : ''}
      </h3>
      <p className="entry__sub">{entry.institution}</p>
      <p className="entry__meta">
        {[
          entry.graduation_year === null ? null : `Class of ${entry.graduation_year}`,
          entry.gpa === null ? null : formatGpa(entry.gpa),
        ]
          .filter(Boolean)
          .join(' · ')}
      </p>
    </div>
  );
}
