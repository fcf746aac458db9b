// File helpers of the export and import screens. papaparse is loaded here on first use, so it
// never weighs on the shell bundle.
import type { Workout } from '../../../../core/contract/types';
import type { StoredWorkout } from '../../../data/db';
import type { CsvRow } from '../../../../core/rules/training/transfer';

/** A stored row in the wire shape (without the device's own fields). */
export function asWorkout(row: StoredWorkout): Workout {
  const { org_id: _org, movement_id: _movement, ...workout } = row;
  return workout as Workout;
}

/**
 * A cell a spreadsheet would run as a formula (=, +, -, @, tab, return first) is written with a
 * leading apostrophe, as spreadsheets themselves do; reading takes it off again, so the member's
 * text round-trips unchanged.
 */
const ESCAPED_FORMULA = /^'(?=[=+\-@\t\r])/;

export async function writeCsv(rows: readonly Record<string, string>[], columns: readonly string[]): Promise<string> {
  const { default: Papa } = await import('papaparse');
  return Papa.unparse(rows as Record<string, string>[], { columns: [...columns], escapeFormulae: true });
}

/** The file's header and rows; an error when nothing readable is in it. */
export async function readCsv(text: string): Promise<{ headers: string[]; rows: CsvRow[] }> {
  const { default: Papa } = await import('papaparse');
  const parsed = Papa.parse<CsvRow>(text, {
    header: true,
    skipEmptyLines: 'greedy',
    transformHeader: (header) => header.replace(/^\uFEFF/, '').trim(),
    transform: (value) => value.replace(ESCAPED_FORMULA, ''),
  });
  const headers = (parsed.meta.fields ?? []).filter(Boolean);
  return { headers, rows: parsed.data };
}

/** Hands the text to the browser as a download. */
export function saveFile(text: string, name: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
