import {
  type BlockedCompanyInput,
  type VisibilitySettingsInput,
  visibilityTexts,
} from '@meritmatch/contracts';
import { Button, Card, CheckboxField } from '@meritmatch/ui';
import { Notice } from '@meritmatch/web-kit';
import { errorMessage, useFormMessage } from '@meritmatch/web-session';
import { useProfile, useProfileWrite } from '../../profile/profile-query';
import { BlockListForm } from './BlockListForm';
import { settingsInput, withCurrentEmployer } from './visibility-settings';

/**
 * /job-seeker/visibility: "Ask me before sharing my details", the pause, the current employers
 * (hidden from by default, each with a switch) and the company block list. Every change saves the
 * whole of the settings at once (PUT /job-seeker/settings) and takes the profile it answers.
 */
export function VisibilityPage() {
  const profile = useProfile()!;
  const write = useProfileWrite();
  const feedback = useFormMessage();
  const current = settingsInput(profile.settings);
  const busy = write.isPending;

  const save = (next: VisibilitySettingsInput, done?: () => void) => {
    feedback.clear();
    write.mutate(
      { method: 'PUT', path: '/job-seeker/settings', body: next },
      {
        onSuccess: (answer) => {
          feedback.show(answer.message);
          done?.();
        },
        onError: (error) => feedback.show(errorMessage(error, visibilityTexts.saveFailed)),
      },
    );
  };
  const block = (company: BlockedCompanyInput, added: () => void) =>
    save({ ...current, blockedCompanies: [...current.blockedCompanies, company] }, added);
  const unblock = (index: number) =>
    save({ ...current, blockedCompanies: current.blockedCompanies.filter((_, i) => i !== index) });

  return (
    <div className="stack" data-testid="visibility">
      <Notice message={feedback.message} />
      <Card title="Consent and pause">
        <div className="stack">
          {(['askBeforeSharing', 'paused'] as const).map((setting) => (
            <div className="visibility-switch" key={setting}>
              <CheckboxField
                label={visibilityTexts[setting]}
                checked={current[setting]}
                disabled={busy}
                onChange={(event) => save({ ...current, [setting]: event.target.checked })}
              />
              <p className="small muted">{visibilityTexts[`${setting}Hint`]}</p>
            </div>
          ))}
        </div>
      </Card>

      <Card title={visibilityTexts.currentEmployers}>
        <div className="stack">
          <p className="small muted">{visibilityTexts.currentEmployersHint}</p>
          {profile.settings.current_employers.length === 0 ? (
            <p className="small muted">No experience is marked “I currently work here”.</p>
          ) : (
            <ul className="list" aria-label="Current employers">
              {profile.settings.current_employers.map((employer) => (
                <li key={employer.company_name} className="list-item">
                  <CheckboxField
                    label={`Hidden from ${employer.company_name}`}
                    checked={employer.blocked}
                    disabled={busy}
                    onChange={(event) =>
                      save(withCurrentEmployer(current, employer.company_name, event.target.checked))
                    }
                  />
                </li>
              ))}
            </ul>
          )}
        </div>
      </Card>

      <Card title={visibilityTexts.blockList}>
        <div className="stack">
          {profile.settings.blocked_companies.length === 0 ? (
            <p className="small muted">No company blocked yet.</p>
          ) : (
            <ul className="list" aria-label="Blocked companies">
              {profile.settings.blocked_companies.map((blocked, index) => (
                <li key={`${blocked.name}|${blocked.website ?? ''}`} className="list-item blocked-company">
                  <span>
                    <strong>{blocked.name}</strong>
                    {blocked.website ? <span className="small muted"> · {blocked.website}</span> : null}
                  </span>
                  <Button
                    size="sm"
                    variant="ghost"
                    disabled={busy}
                    aria-label={`Unblock ${blocked.name}`}
                    onClick={() => unblock(index)}
                  >
                    Unblock
                  </Button>
                </li>
              ))}
            </ul>
          )}
          <BlockListForm busy={busy} onAdd={block} />
        </div>
      </Card>
    </div>
  );
}
