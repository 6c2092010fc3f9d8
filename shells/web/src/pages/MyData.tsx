import {
  type AccountExport,
  accountExportFileName,
  detailsText,
  myDataTexts,
  purposeText,
  ZAccountExport,
} from '@meritmatch/contracts';
import { Button, Card, ErrorState, LoadingState } from '@meritmatch/ui';
import { formatDate, formatDateTime, Notice } from '@meritmatch/web-kit';
import { errorMessage, useApi, useFormMessage, useSession } from '@meritmatch/web-session';
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';

type Loaded =
  | { state: 'loading' }
  | { state: 'failed'; message: string }
  | { state: 'loaded'; document: AccountExport };

/** Saves the document as a JSON file, as the browser saves a download. */
export function saveAsFile(document: AccountExport) {
  const blob = new Blob([`${JSON.stringify(document, null, 2)}\n`], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = window.document.createElement('a');
  link.href = url;
  link.download = accountExportFileName(new Date(document.exportedAt));
  window.document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

const count = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </>
  );
}

/** The readable summary of the document: one line per part, the match requests listed. */
function Summary({ document }: { document: AccountExport }) {
  const { account } = document;
  const sent = document.emails.filter((email) => email.status === 'sent').length;
  const enabled = document.emailSettings.filter((setting) => setting.enabled).length;
  return (
    <>
      <Card title="Account">
        <dl className="details">
          <Row label="E-mail">
            {account.email} ({account.email_confirmed ? 'confirmed' : 'not confirmed yet'})
          </Row>
          <Row label="Account type">{account.user_type.replace('_', ' ')}</Row>
          <Row label="Created">{formatDate(account.created_at)}</Row>
          <Row label="Signed in">{count(account.sessions.length, 'session')}</Row>
        </dl>
      </Card>
      {document.role === 'job_seeker' ? (
        <Card title="Profile">
          {document.profile ? (
            <dl className="details">
              <Row label="Name">{document.profile.full_name}</Row>
              <Row label="Code employers see">{document.profile.unique_code}</Row>
              <Row label="Entries">
                {count(document.profile.experiences.length, 'experience')},{' '}
                {count(document.profile.education.length, 'education entry', 'education entries')},{' '}
                {count(document.profile.skills.length, 'skill')},{' '}
                {count(document.profile.certifications.length, 'certification')}
              </Row>
              <Row label="Visibility">
                {document.profile.settings.paused ? 'Paused' : 'In search'}
                {document.profile.settings.ask_before_sharing ? ', asked before sharing' : ''},{' '}
                {count(
                  document.profile.settings.blocked_companies.length,
                  'blocked company',
                  'blocked companies',
                )}
              </Row>
            </dl>
          ) : (
            <p className="muted">{myDataTexts.noProfile}</p>
          )}
        </Card>
      ) : (
        <Card title="Company profile">
          {document.companyProfile ? (
            <dl className="details">
              <Row label="Company">{document.companyProfile.company_name}</Row>
              <Row label="Verified">{document.companyProfile.verified ? 'Yes' : 'Not yet'}</Row>
            </dl>
          ) : (
            <p className="muted">{myDataTexts.noProfile}</p>
          )}
        </Card>
      )}
      <Card title="Match requests">
        {document.matchRequests.length === 0 ? (
          <p className="muted">None</p>
        ) : (
          <ul>
            {document.role === 'job_seeker'
              ? document.matchRequests.map((request) => (
                  <li key={request.id}>
                    {request.company_name ?? 'A company'}: {request.status_label},{' '}
                    {formatDate(request.created_at)}
                  </li>
                ))
              : document.matchRequests.map((request) => (
                  <li key={request.id}>
                    {request.candidate_code}: {request.status_label}, {formatDate(request.created_at)}
                  </li>
                ))}
          </ul>
        )}
      </Card>
      <Card title="E-mail">
        <dl className="details">
          <Row label="E-mail settings">{count(enabled, 'kind of e-mail', 'kinds of e-mail')} on</Row>
          <Row label="E-mails sent to you">{sent}</Row>
          <Row label="Contact log entries about your requests">{document.contactLog.length}</Row>
        </dl>
      </Card>
      {document.role === 'job_seeker' ? (
        <Card title="Who viewed your personal details">
          {document.accessLog.length === 0 ? (
            <p className="muted">Nobody yet</p>
          ) : (
            <ul>
              {document.accessLog.map((read) => (
                <li key={read.id}>
                  {formatDateTime(read.read_at)}: {read.viewer}, {detailsText(read.details)} (
                  {purposeText(read.purpose, read.company_name)})
                </li>
              ))}
            </ul>
          )}
        </Card>
      ) : null}
    </>
  );
}

/**
 * "Your data" (`/account/data`): a readable summary of everything MeritMatch holds about the
 * job seeker or employer, and "Download my data", which saves the whole document (the gateway's
 * `GET /api/account/export`) as a JSON file.
 */
export default function MyData() {
  const api = useApi();
  const { session } = useSession();
  const feedback = useFormMessage();
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [busy, setBusy] = useState(false);
  const allowed = session?.user.userType === 'job_seeker' || session?.user.userType === 'employer';
  const load = useCallback(() => api('/account/export', { schema: ZAccountExport }), [api]);
  useEffect(() => {
    if (!allowed) return;
    load()
      .then((document) => setLoaded({ state: 'loaded', document }))
      .catch((error: unknown) =>
        setLoaded({ state: 'failed', message: errorMessage(error, myDataTexts.failed) }),
      );
  }, [load, allowed]);

  const download = async () => {
    feedback.clear();
    setBusy(true);
    try {
      // a fresh document: the file says what is held at the moment it is saved
      const document = await load();
      setLoaded({ state: 'loaded', document });
      saveAsFile(document);
      feedback.show(myDataTexts.downloaded);
    } catch (error) {
      feedback.show(errorMessage(error, myDataTexts.failed));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="container page stack account-page">
      <h1>{myDataTexts.title}</h1>
      <p>
        <Link to="/account">Account settings</Link>
      </p>
      {allowed ? (
        <>
          <p className="muted">{myDataTexts.intro}</p>
          <p className="muted">{myDataTexts.privacy}</p>
          <Notice message={feedback.message} />
          <div className="form-actions">
            <Button onClick={() => void download()} busy={busy}>
              {busy ? myDataTexts.downloading : myDataTexts.download}
            </Button>
          </div>
          {loaded.state === 'loading' ? <LoadingState label={myDataTexts.loading} /> : null}
          {loaded.state === 'failed' ? <ErrorState title={loaded.message} /> : null}
          {loaded.state === 'loaded' ? <Summary document={loaded.document} /> : null}
        </>
      ) : (
        <p className="muted">{myDataTexts.adminOnly}</p>
      )}
    </div>
  );
}
