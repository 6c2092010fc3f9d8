import { Badge } from '@meritmatch/ui/feedback';
import { homeFor, useSession } from '@meritmatch/web-session';
import { Link } from 'react-router-dom';
import { PageLink } from '../layout/PageLink';

const stats = [
  { value: '85%', label: 'of introductions lead to an interview' },
  { value: '99%', label: 'of candidates keep their identity private until they agree' },
  { value: '99%', label: 'of employers would hire this way again' },
  { value: '2K+', label: 'skilled candidates ready to be discovered' },
];

const sampleSkills = ['React', 'TypeScript', 'Node.js', 'PostgreSQL', 'AWS'];

export function Landing() {
  const { session } = useSession();
  return (
    <>
      <section className="hero">
        <div className="container hero__grid">
          <div>
            <Badge tone="accent">Merit-based hiring</Badge>
            <h1>Be judged on your skills, not your name.</h1>
            <p className="hero__lead">
              MeritMatch shows employers what you can do — your skills, experience and education — behind an
              anonymous code. Our admin team reviews every match request and makes the introduction, so your
              name, e-mail and phone stay private until a real opportunity is on the table.
            </p>
            <div className="row">
              {session ? (
                <Link className="btn btn--primary btn--md" to={homeFor(session.user.userType)}>
                  Go to your dashboard
                </Link>
              ) : (
                <>
                  <PageLink className="btn btn--primary btn--md" to="/register">
                    Get Started
                  </PageLink>
                  <PageLink className="btn btn--secondary btn--md" to="/login">
                    Sign In
                  </PageLink>
                </>
              )}
            </div>
          </div>
          <aside className="sample-card" aria-label="A sample anonymous candidate card">
            <div className="row row--between">
              <span className="mono sample-card__code">EM482910</span>
              <Badge tone="success">Anonymous</Badge>
            </div>
            <p className="muted small">Berlin, Germany · 6 years of experience · Master's Degree</p>
            <ul className="chips plain-list" aria-label="Skills">
              {sampleSkills.map((skill) => (
                <li className="chip" key={skill}>
                  {skill}
                </li>
              ))}
              <li className="chip">+3 more</li>
            </ul>
            <p className="small muted sample-card__note">
              This is all an employer sees before an admin approves the match.
            </p>
          </aside>
        </div>
      </section>
      <section className="container">
        <ul className="stats" aria-label="MeritMatch in numbers">
          {stats.map((stat) => (
            <li className="card stat" key={stat.label}>
              <span className="stat__value">{stat.value}</span>
              <span className="stat__label">{stat.label}</span>
            </li>
          ))}
        </ul>
        <h2>How a connection is made</h2>
        <div className="steps">
          <div className="card step">
            <h3>Build your profile</h3>
            <p className="muted">
              Job seekers add experience, education, skills and certifications. Employers see only an
              anonymous code.
            </p>
          </div>
          <div className="card step">
            <h3>Employers request a match</h3>
            <p className="muted">
              Verified employers search anonymous candidates by skills, location, experience and education.{' '}
              <Link to="/how-matching-works">How matching works</Link>
            </p>
          </div>
          <div className="card step">
            <h3>Our admins introduce you</h3>
            <p className="muted">
              An admin reviews each request, approves the right ones and facilitates the contact.
            </p>
          </div>
        </div>
      </section>
    </>
  );
}
