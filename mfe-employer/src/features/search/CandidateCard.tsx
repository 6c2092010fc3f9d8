import type { CandidateFit, CandidateSummary, FitLabel } from '@meritmatch/contracts';
import { Badge, type BadgeTone, Button } from '@meritmatch/ui';
import { countOf } from '@meritmatch/web-kit';
import { memo } from 'react';
import { LocationLabel } from '../../shared/LocationLabel';

const shownSkills = 5;

const fitTones: Record<FitLabel, BadgeTone> = {
  'Strong fit': 'success',
  'Good fit': 'info',
  'Partial fit': 'neutral',
};

/** How the candidate fits the searched skills: the label, what matched and which nice-to-have skills it lacks. */
function Fit({ fit, code }: { fit: CandidateFit; code: string }) {
  return (
    <div className="employer-fit" data-testid="candidate-fit">
      <p className="employer-fit__label">
        <Badge tone={fitTones[fit.label]}>{fit.label}</Badge>
        <span className="visually-hidden"> for {code}, </span>
        <span className="small muted">{fit.score} of 100</span>
      </p>
      {fit.matched.length > 0 ? <p className="small">Matched: {fit.matched.join(', ')}</p> : null}
      {fit.missing.length > 0 ? <p className="small muted">Missing: {fit.missing.join(', ')}</p> : null}
    </div>
  );
}

/**
 * One anonymous candidate: code, location, its fit when the search names skills, at most five
 * skills, the counts and the two actions. Memoised: a search under way (the section busy) or a
 * dialog opened leaves the cards on screen alone.
 */
export const CandidateCard = memo(function CandidateCard({
  candidate,
  onViewDetails,
  onRequestMatch,
}: {
  candidate: CandidateSummary;
  onViewDetails: (candidate: CandidateSummary) => void;
  onRequestMatch: (candidate: CandidateSummary) => void;
}) {
  const skills = candidate.skills.slice(0, shownSkills);
  const more = candidate.skills.length - skills.length;
  const code = candidate.unique_code;
  return (
    <li className="card employer-candidate" data-testid="candidate-card">
      <div className="employer-candidate__head">
        <h3 className="employer-candidate__code mono">{code}</h3>
        <p className="employer-candidate__location employer-location">
          <LocationLabel location={candidate.location} />
        </p>
      </div>
      {candidate.fit ? <Fit fit={candidate.fit} code={code} /> : null}
      {candidate.skills.length > 0 ? (
        <ul className="chips" aria-label={`Skills of ${code}`}>
          {skills.map((skill) => (
            <li key={skill.name} className="chip">
              {skill.name}
            </li>
          ))}
          {more > 0 ? <li className="chip employer-chip--more">+{more} more</li> : null}
        </ul>
      ) : (
        <p className="small muted">No skills listed yet.</p>
      )}
      <p className="employer-candidate__counts small muted">
        <span>{countOf(candidate.experience_count, 'experience entry', 'experience entries')}</span>
        <span>{countOf(candidate.education_count, 'education entry', 'education entries')}</span>
      </p>
      <div className="employer-candidate__actions">
        <Button
          variant="secondary"
          size="sm"
          aria-label={`View details of ${code}`}
          onClick={() => onViewDetails(candidate)}
        >
          View Details
        </Button>
        <Button size="sm" aria-label={`Request match with ${code}`} onClick={() => onRequestMatch(candidate)}>
          Request Match
        </Button>
      </div>
    </li>
  );
});
