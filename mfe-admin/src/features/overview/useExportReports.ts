import { errorMessage, useApi, useFormMessage } from '@meritmatch/web-session';
import { useCallback, useEffect, useRef, useState } from 'react';
import { type CsvFile, csvFile, download } from '../../shared/csv';
import { localDay } from '../../shared/format';
import { contactLogCsv, loadAllRequests, loadContactLogs, requestsCsv } from './export-reports';

export const exportFailed = 'Error exporting reports';

/**
 * 'Export Reports': every request of every status and page, and the contact log, as
 * two CSV files made in the browser. Both downloads start at once; the files stay
 * linked on the page in case the browser held the second one back.
 */
export function useExportReports() {
  const api = useApi();
  const { message, show, clear } = useFormMessage();
  const [busy, setBusy] = useState(false);
  const [files, setFiles] = useState<CsvFile[]>([]);
  const filesRef = useRef<CsvFile[]>([]);

  useEffect(
    () => () => {
      for (const file of filesRef.current) URL.revokeObjectURL(file.url);
    },
    [],
  );

  const run = useCallback(async () => {
    clear();
    setBusy(true);
    try {
      const [requests, logs] = await Promise.all([loadAllRequests(api), loadContactLogs(api)]);
      const day = localDay();
      const made = [
        csvFile(`meritmatch-requests-${day}.csv`, requestsCsv(requests), requests.length),
        csvFile(`meritmatch-contact-log-${day}.csv`, contactLogCsv(logs), logs.length),
      ];
      for (const file of filesRef.current) URL.revokeObjectURL(file.url);
      filesRef.current = made;
      setFiles(made);
      for (const file of made) download(file);
      show(
        `Reports exported successfully: ${requests.length} match ${requests.length === 1 ? 'request' : 'requests'} and ${logs.length} contact log ${logs.length === 1 ? 'entry' : 'entries'}.`,
      );
    } catch (error) {
      show(errorMessage(error, exportFailed));
    } finally {
      setBusy(false);
    }
  }, [api, show, clear]);

  return { run, busy, files, message };
}
