import type { CompanyProfile } from '@meritmatch/contracts';
import { Badge, Button, Card } from '@meritmatch/ui';
import { formatDate } from '@meritmatch/web-kit';

/** The company profile, read-only, with the way into editing it. */
export function CompanyProfileView({ profile, onEdit }: { profile: CompanyProfile; onEdit: () => void }) {
  return (
    <Card
      title="Company Profile"
      actions={
        <Button variant="secondary" size="sm" onClick={onEdit}>
          Edit Profile
        </Button>
      }
    >
      <dl className="details" data-testid="company-profile">
        <dt>Company Name</dt>
        <dd className="break">{profile.company_name}</dd>
        <dt>Industry</dt>
        <dd>{profile.industry}</dd>
        <dt>Company Size</dt>
        <dd>{profile.company_size} employees</dd>
        <dt>Website</dt>
        <dd className="break">
          {profile.website ? (
            <a href={profile.website} target="_blank" rel="noopener noreferrer">
              {profile.website.replace(/^https?:\/\//, '')}
              <span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          ) : (
            <span className="muted">Not provided</span>
          )}
        </dd>
        <dt>Company Description</dt>
        <dd className="employer-multiline">{profile.description}</dd>
        <dt>Status</dt>
        <dd>
          <Badge tone={profile.verified ? 'success' : 'warning'}>
            {profile.verified ? 'Verified' : 'Pending verification'}
          </Badge>
        </dd>
        <dt>Member since</dt>
        <dd>{formatDate(profile.created_at)}</dd>
      </dl>
    </Card>
  );
}
