import { stringify } from 'csv-stringify/sync';

/**
 * The one CSV writer of every export (decision 035). A spreadsheet runs a cell that starts with
 * `=`, `+`, `-` or `@` (or a tab or carriage return before one) as a formula, so every text cell
 * starting so is written with a single quote before it (OWASP's CSV injection advice): a donor
 * named "=HYPERLINK(...)" reads as that text. Numbers are ours, never a person's text: write them
 * as JavaScript numbers or, for money, with `csvMoney`, and they are written as they are (a
 * refund's "-12.50" stays a number).
 */
export class CsvNumber {
  private constructor(readonly text: string) {}

  /** A number written with fixed decimals. */
  static of(value: number, decimals = 0): CsvNumber {
    if (!Number.isFinite(value)) throw new Error(`Not a number for a CSV cell: ${value}`);
    return new CsvNumber(value.toFixed(decimals));
  }
}

/** An amount in minor units, as major units with two decimals ("12.50"). */
export const csvMoney = (minor: number): CsvNumber => CsvNumber.of(minor / 100, 2);

export type CsvCell = string | number | CsvNumber | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;

/** A text cell a spreadsheet will show as text. */
export function neutralise(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/**
 * Rows as CSV with a header line. `rows` are arrays in the order of `header`, or objects keyed by
 * `columns` (written under `header` when given, else under the keys). Windows line ends on request.
 */
export function toCsv(
  table:
    | { header: string[]; rows: CsvCell[][] }
    | { columns: string[]; header?: string[]; rows: Array<Record<string, CsvCell>> },
  options: { lineEnd?: 'unix' | 'windows' } = {},
): string {
  const columns =
    'columns' in table
      ? table.columns.map((key, i) => ({ key, header: table.header?.[i] ?? key }))
      : table.header;
  return stringify(table.rows as unknown[], {
    header: true,
    columns,
    record_delimiter: options.lineEnd ?? 'unix',
    cast: {
      string: neutralise,
      object: (value) => (value instanceof CsvNumber ? value.text : neutralise(JSON.stringify(value))),
    },
  });
}
