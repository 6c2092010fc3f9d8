export type CsvValue = string | number | boolean | null | undefined;

/** Cells a spreadsheet would run as a formula get a leading apostrophe (CSV injection). */
const formulaStart = /^[=+\-@\t\r]/;

/**
 * One RFC 4180 field: quoted when it holds a comma, a quote, a line break or edge
 * spaces, with quotes doubled. Empty for null and undefined.
 */
export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && formulaStart.test(text)) text = `'${text}`;
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A whole CSV document: a header row, then one row per record, CRLF line ends. */
export function toCsv<Row>(
  columns: ReadonlyArray<readonly [header: string, pick: (row: Row) => CsvValue]>,
  rows: readonly Row[],
): string {
  const lines = [columns.map(([header]) => csvField(header)).join(',')];
  for (const row of rows) lines.push(columns.map(([, pick]) => csvField(pick(row))).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

export type CsvFile = { name: string; url: string; rows: number };

/** A CSV file as an object URL (with a BOM, so spreadsheet apps read it as UTF-8). */
export function csvFile(name: string, csv: string, rows: number): CsvFile {
  const blob = new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' });
  return { name, url: URL.createObjectURL(blob), rows };
}

/** Starts the browser's download of a file through a temporary <a download>. */
export function download(file: Pick<CsvFile, 'name' | 'url'>) {
  const link = document.createElement('a');
  link.href = file.url;
  link.download = file.name;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
}

/**
 * Saves a file the server sent as the browser saves a download: through an object URL, let go
 * of once the download has started.
 */
export function saveFile(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  try {
    download({ name, url });
  } finally {
    URL.revokeObjectURL(url);
  }
}
