import { Button } from '@meritmatch/ui';
import { Notice } from '@meritmatch/web-kit';
import { useId } from 'react';
import { useExportReports } from './useExportReports';

function ComingSoon({ label }: { label: string }) {
  const noteId = useId();
  return (
    <div className="admin-action">
      <Button variant="secondary" disabled aria-disabled="true" aria-describedby={noteId}>
        {label}
      </Button>
      <span className="admin-soon" id={noteId}>
        Coming soon
      </span>
    </div>
  );
}

/** Export Reports works; System Settings and Email Templates are visibly not there yet. */
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
        <ComingSoon label="System Settings" />
        <ComingSoon label="Email Templates" />
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
