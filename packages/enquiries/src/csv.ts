/** CSV export for the dashboards (and any table): Papa Parse writes it, with spreadsheet formula injection defused. */
import Papa from 'papaparse';

export interface CsvColumn<Row> {
  header: string;
  value: (row: Row) => string | number | boolean | null | undefined;
}

// A cell starting like a formula would run in Excel or Sheets (OWASP "CSV injection"); a leading apostrophe keeps it text.
const FORMULA = /^[=+\-@\t\r]/;

export function csvCell(v: string | number | boolean | null | undefined): string {
  if (v === null || v === undefined) return '';
  const text = String(v);
  return typeof v === 'string' && FORMULA.test(text) ? `'${text}` : text;
}

/** RFC 4180 text with CRLF line ends and a header row. */
export function toCsv<Row>(columns: readonly CsvColumn<Row>[], rows: readonly Row[]): string {
  return Papa.unparse(
    { fields: columns.map((c) => c.header), data: rows.map((r) => columns.map((c) => csvCell(c.value(r)))) },
    { newline: '\r\n', quotes: false, escapeFormulae: false },
  );
}

/** Parses CSV text back into rows of strings (header row first). */
export function parseCsv(text: string): string[][] {
  const out = Papa.parse<string[]>(text.replace(/^\ufeff/, ''), { skipEmptyLines: true });
  if (out.errors.length) throw new Error(`CSV: ${out.errors[0]!.message}`);
  return out.data;
}

/** 'consultations-2026-11-23.csv' */
export function csvFileName(stem: string, now = new Date()): string {
  return `${stem}-${now.toISOString().slice(0, 10)}.csv`;
}
