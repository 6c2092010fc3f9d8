import type { CompanyProfile } from '@meritmatch/contracts';
import { Badge, Button, Card } from '@meritmatch/ui';
import { useSession } from '@meritmatch/web-session';
import { useNavigate } from 'react-router-dom';
import { ClockIcon } from '../../shared/icons';

const nextSteps = [
  'An admin reviews your company profile.',
  'You receive an e-mail as soon as your account is approved.',
  'Candidate search and match requests are then enabled for your account.',
] as const;

/** A profile exists but no admin has verified it yet: what happens next, and the two ways out. */
export function PendingVerificationScreen({ profile }: { profile: CompanyProfile }) {
  const { signOut } = useSession();
  const navigate = useNavigate();
  const logout = () => {
    signOut();
    navigate('/login');
  };
  return (
    <div className="container employer-page employer-entry" data-testid="area-employer">
      <Card className="employer-pending">
        <div className="employer-pending__icon">
          <ClockIcon />
        </div>
        <Badge tone="warning">Pending verification</Badge>
        <h1 className="employer-pending__title">Account Pending Verification</h1>
        <p className="employer-pending__lead">
          Thank you for registering <strong className="break">{profile.company_name}</strong>. Your account is
          under admin review. Verification typically takes 24-48 hours.
        </p>
        <section className="employer-pending__next" aria-labelledby="employer-next-steps">
          <h2 id="employer-next-steps" className="employer-pending__subtitle">
            What happens next?
          </h2>
          <ol className="employer-steps">
            {nextSteps.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
        </section>
        <div className="form-actions employer-pending__actions">
          <Button onClick={() => window.location.reload()}>Check Status</Button>
          <Button variant="secondary" onClick={logout}>
            Logout
          </Button>
        </div>
      </Card>
    </div>
  );
}
