import { countOf, isoDay } from '@meritmatch/web-kit';
import { errorMessage, useApi } from '@meritmatch/web-session';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { type CsvFile, csvFile, download } from '../../shared/csv';
import { contactLogCsv, loadAllRequests, loadContactLogs, requestsCsv } from './export-reports';

export const exportFailed = 'Error exporting reports';

/**
 * 'Export Reports': every request of every status and page, and the contact log, as
 * two CSV files made in the browser. Both downloads start at once; the files stay
 * linked on the page in case the browser held the second one back.
 */
export function useExportReports() {
  const api = useApi();
  const [files, setFiles] = useState<CsvFile[]>([]);
  const filesRef = useRef<CsvFile[]>([]);

  useEffect(
    () => () => {
      for (const file of filesRef.current) URL.revokeObjectURL(file.url);
    },
    [],
  );

  const exporter = useMutation({
    mutationFn: async () => {
      const [requests, logs] = await Promise.all([loadAllRequests(api), loadContactLogs(api)]);
      const day = isoDay();
      const made = [
        csvFile(`meritmatch-requests-${day}.csv`, requestsCsv(requests), requests.length),
        csvFile(`meritmatch-contact-log-${day}.csv`, contactLogCsv(logs), logs.length),
      ];
      for (const file of filesRef.current) URL.revokeObjectURL(file.url);
      filesRef.current = made;
      setFiles(made);
      for (const file of made) download(file);
      return `Reports exported successfully: ${countOf(requests.length, 'match request', 'match requests')} and ${countOf(logs.length, 'contact log entry', 'contact log entries')}.`;
    },
  });

  const message = exporter.isSuccess
    ? exporter.data
    : exporter.isError
      ? errorMessage(exporter.error, exportFailed)
      : '';
  return { run: () => exporter.mutate(), busy: exporter.isPending, files, message };
}
