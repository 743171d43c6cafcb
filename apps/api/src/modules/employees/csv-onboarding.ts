import { CSV_ONBOARDING_COLUMNS } from '@kindred/shared';
import { parse } from 'csv-parse/sync';
import { badRequest } from '../../lib/errors.js';

type Column = (typeof CSV_ONBOARDING_COLUMNS)[number];
export type OnboardingRow = Record<Column, string> & { line: number };

/** A cell as text (numbers and dates as Excel shows them, blanks as ''). */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return String(value).trim();
}

/**
 * The rows of an onboarding file, parsed by maintained libraries (csv-parse, read-excel-file): a
 * header row naming the columns (any order, any case), then one person a row. Blank rows are left
 * out. A file that cannot be read, or has no email column, is refused as a whole (400).
 */
export async function readOnboardingRows(data: Buffer, kind: 'csv' | 'xlsx'): Promise<OnboardingRow[]> {
  let table: string[][];
  try {
    if (kind === 'xlsx') {
      // read-excel-file (about 14 MB resident) loads with the first spreadsheet.
      const { readSheet } = await import('read-excel-file/node');
      table = (await readSheet(data)).map((row) => row.map(cellText));
    } else {
      const records: string[][] = parse(data, {
        bom: true,
        relax_column_count: true,
        skip_empty_lines: true,
        trim: true,
      });
      table = records.map((row) => row.map(cellText));
    }
  } catch (error) {
    const reason = error instanceof Error ? error.message.slice(0, 200) : 'unreadable';
    throw badRequest('The file could not be read as a table.', { file: reason });
  }
  const [header, ...body] = table;
  const names = (header ?? []).map((name) => name.trim().toLowerCase().replace(/\s+/g, '_'));
  const index = Object.fromEntries(
    CSV_ONBOARDING_COLUMNS.map((column) => [column, names.indexOf(column)]),
  ) as Record<Column, number>;
  if (index.email < 0)
    throw badRequest('The first row must name the columns, with at least "email".', {
      file: `Columns: ${CSV_ONBOARDING_COLUMNS.join(', ')}.`,
    });
  return body.flatMap((cells, i) => {
    if (cells.every((cell) => cell === '')) return [];
    const row = { line: i + 2 } as OnboardingRow;
    for (const column of CSV_ONBOARDING_COLUMNS)
      row[column] = index[column] >= 0 ? (cells[index[column]] ?? '') : '';
    return [row];
  });
}
