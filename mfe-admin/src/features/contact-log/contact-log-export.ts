import { useApiFile } from '@meritmatch/web-session';
import { useMutation } from '@tanstack/react-query';
import { saveFile } from '../../shared/csv';
import type { ContactLogFilterParams } from './contact-log-query';

export const contactLogExportFailed = 'The contact log could not be exported. Please try again.';

/** The file's name when the server gives none. */
const fallbackFileName = 'contact-log.csv';

/**
 * 'Export CSV': GET /admin/contact-logs/export with the filter shown, the whole filtered log as
 * the server streams it, saved under the name the server gives it.
 */
export function useContactLogExport() {
  const apiFile = useApiFile();
  return useMutation({
    mutationFn: async (filter: ContactLogFilterParams) => {
      const { blob, fileName } = await apiFile('/admin/contact-logs/export', { query: filter });
      saveFile(blob, fileName ?? fallbackFileName);
    },
  });
}
