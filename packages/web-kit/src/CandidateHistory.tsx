import { formatDate, formatGpa, formatPeriod } from './format';

/** The classes each part takes, from the app's own stylesheet (the employer's and the admin's differ). */
export type HistoryClasses = {
  section: string;
  heading: string;
  list: string;
  title: string;
  sub?: string;
  meta: string;
  text: string;
};

/** The parts of a candidate's history both views show; the employer's and the admin's answers have them. */
type Experience = {
  position: string;
  company_name: string;
  start_date: string;
  end_date: string | null;
  description: string | null;
};
type Education = {
  degree: string;
  field_of_study: string | null;
  institution: string;
  graduation_year: number | null;
  gpa: number | null;
};
type Certification = { name: string; issuer: string; issue_date: string };

/** One entry: what, where, when, and what was done. */
type HistoryLine = { title: string; sub: string; meta: string; text?: string | null };

const experienceLine = (experience: Experience): HistoryLine => ({
  title: experience.position,
  sub: experience.company_name,
  meta: formatPeriod(experience.start_date, experience.end_date),
  text: experience.description,
});

const educationLine = (education: Education): HistoryLine => ({
  title: education.field_of_study ? `${education.degree} in ${education.field_of_study}` : education.degree,
  sub: education.institution,
  meta: [
    education.graduation_year === null ? null : `Graduated ${education.graduation_year}`,
    education.gpa === null ? null : `GPA ${formatGpa(education.gpa)}`,
  ]
    .filter(Boolean)
    .join(' · '),
});

const certificationLine = (certification: Certification): HistoryLine => ({
  title: certification.name,
  sub: certification.issuer,
  meta: `Issued ${formatDate(certification.issue_date)}`,
});

function HistorySection({
  title,
  empty,
  lines,
  classes,
}: {
  title: string;
  empty: string;
  lines: HistoryLine[];
  classes: HistoryClasses;
}) {
  return (
    <section className={classes.section}>
      <h3 className={classes.heading}>{title}</h3>
      {lines.length === 0 ? (
        <p className="small muted">{empty}</p>
      ) : (
        <ul className={classes.list}>
          {lines.map((line) => (
            <li key={`${line.title}-${line.sub}-${line.meta}`}>
              <p className={classes.title}>{line.title}</p>
              <p className={classes.sub}>{line.sub}</p>
              <p className={classes.meta}>{line.meta}</p>
              {line.text ? <p className={classes.text}>{line.text}</p> : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * A candidate's experience, education and certifications, each under its heading (or a
 * line saying there is none), as the employer's candidate detail and the admin's show them.
 */
export function CandidateHistory({
  candidate,
  classes,
}: {
  candidate: {
    experiences: readonly Experience[];
    education: readonly Education[];
    certifications: readonly Certification[];
  };
  classes: HistoryClasses;
}) {
  return (
    <>
      <HistorySection
        title="Experience"
        empty="No work experience listed."
        lines={candidate.experiences.map(experienceLine)}
        classes={classes}
      />
      <HistorySection
        title="Education"
        empty="No education listed."
        lines={candidate.education.map(educationLine)}
        classes={classes}
      />
      <HistorySection
        title="Certifications"
        empty="No certifications listed."
        lines={candidate.certifications.map(certificationLine)}
        classes={classes}
      />
    </>
  );
}
