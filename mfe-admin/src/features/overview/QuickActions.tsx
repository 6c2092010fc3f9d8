import { Button } from '@meritmatch/ui';
import { Notice } from '@meritmatch/web-kit';
import { useNavigate } from 'react-router-dom';
import { useExportReports } from './useExportReports';

/** A quick action that opens a screen of the admin area. */
function OpenScreen({ label, to, note }: { label: string; to: string; note: string }) {
  const navigate = useNavigate();
  return (
    <div className="admin-action">
      <Button variant="secondary" onClick={() => navigate(to)}>
        {label}
      </Button>
      <span className="small muted">{note}</span>
    </div>
  );
}

/** Export Reports (CSV), System Settings and Email Templates. */
export function QuickActions() {
  const exporter = useExportReports();
  return (
    <div className="stack">
      <div className="admin-actions">
        <div className="admin-action">
          <Button busy={exporter.busy} onClick={() => void exporter.run()}>
            {exporter.busy ? 'Exporting…' : 'Export Reports'}
          </Button>
          <span className="small muted">Requests and contact log as CSV</span>
        </div>
        <OpenScreen
          label="System Settings"
          to="/admin/system-settings"
          note="Consent default and e-mail sender"
        />
        <OpenScreen label="Email Templates" to="/admin/email-templates" note="What each e-mail says" />
      </div>
      <Notice message={exporter.message} />
      {exporter.files.length > 0 ? (
        <p className="small admin-files">
          Files:{' '}
          {exporter.files.map((file, index) => (
            <span key={file.name}>
              {index > 0 ? ', ' : null}
              <a href={file.url} download={file.name}>
                {file.name}
              </a>
            </span>
          ))}
        </p>
      ) : null}
    </div>
  );
}
