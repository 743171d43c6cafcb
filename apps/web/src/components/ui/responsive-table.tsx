import { Button, Table, type TableProps } from '@mantine/core';
import { type Key, type ReactNode, useId, useState } from 'react';
import './responsive-table.css';

export interface TableColumn<Row> {
  /** The column heading; on a phone, the label before each value of a card. */
  header: string;
  cell: (row: Row) => ReactNode;
  /** The cell that names the row (a `th scope="row"`): the card's title on a phone. */
  rowHeader?: boolean;
  align?: 'left' | 'right';
  /** Shows the heading visually hidden on wide screens too (an actions column). */
  hiddenHeader?: boolean;
}

export interface ResponsiveTableProps<Row> {
  columns: ReadonlyArray<TableColumn<Row> | false | null | undefined>;
  rows: readonly Row[];
  rowKey: (row: Row) => Key;
  caption?: ReactNode;
  'aria-label'?: string;
  striped?: boolean;
  verticalSpacing?: TableProps['verticalSpacing'];
  /** Extra attributes of one row (a test id, a highlight). */
  rowProps?: (row: Row) => Record<string, string | undefined>;
  /**
   * On a phone, where each row is a card, only the first `phoneRows` rows show until "Show all"
   * is pressed: a long table summarises instead of making the page screens long. Every row stays
   * on a wide screen.
   */
  phoneRows?: number;
  /** The summary keeps the last rows rather than the first (a table oldest first: the latest months). */
  phoneRowsAtEnd?: boolean;
}

/**
 * A table on wide screens and a list of cards below 48em (phones): each row becomes a card whose
 * values carry their column's heading, so no column is cut off and nothing scrolls sideways. The
 * markup stays one table with explicit roles, so screen readers and tests find the same rows and
 * cells at every width.
 */
export function ResponsiveTable<Row>({
  columns,
  rows,
  rowKey,
  caption,
  'aria-label': ariaLabel,
  striped,
  verticalSpacing,
  rowProps,
  phoneRows,
  phoneRowsAtEnd = false,
}: ResponsiveTableProps<Row>) {
  const shown = columns.filter((column): column is TableColumn<Row> => Boolean(column));
  const id = useId();
  const [all, setAll] = useState(false);
  const summarised = phoneRows !== undefined && rows.length > phoneRows;
  /** Whether a row waits for "Show all" on a phone. */
  const extra = (index: number) =>
    summarised && !all && (phoneRowsAtEnd ? index < rows.length - phoneRows : index >= phoneRows);
  const table = (
    <Table
      id={id}
      className="responsive-table"
      role="table"
      aria-label={ariaLabel}
      striped={striped}
      verticalSpacing={verticalSpacing}
    >
      {caption ? <Table.Caption>{caption}</Table.Caption> : null}
      <Table.Thead role="rowgroup">
        <Table.Tr role="row">
          {shown.map((column) => (
            <Table.Th
              key={column.header}
              scope="col"
              role="columnheader"
              ta={column.align}
              className={column.hiddenHeader ? 'responsive-table-hidden' : undefined}
            >
              {column.header}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody role="rowgroup">
        {rows.map((row, index) => (
          <Table.Tr
            key={rowKey(row)}
            role="row"
            {...rowProps?.(row)}
            data-phone-extra={extra(index) ? true : undefined}
          >
            {shown.map((column) =>
              column.rowHeader ? (
                <Table.Th key={column.header} scope="row" role="rowheader" ta={column.align}>
                  {column.cell(row)}
                </Table.Th>
              ) : (
                <Table.Td
                  key={column.header}
                  role="cell"
                  ta={column.align}
                  data-label={column.hiddenHeader ? undefined : column.header}
                >
                  <div className="responsive-table-value">{column.cell(row)}</div>
                </Table.Td>
              ),
            )}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
  if (!summarised) return table;
  return (
    <>
      {table}
      <Button
        hiddenFrom="sm"
        variant="default"
        fullWidth
        aria-controls={id}
        aria-expanded={all}
        onClick={() => setAll((shownAll) => !shownAll)}
      >
        {all ? `Show the ${phoneRowsAtEnd ? 'last' : 'first'} ${phoneRows} only` : `Show all ${rows.length}`}
      </Button>
    </>
  );
}

/** The one button of a row in an actions column. */
export interface RowButton {
  /** What it says, e.g. 'Edit'. */
  text: string;
  /** Its accessible name, naming the row, e.g. 'Edit Gold plan'. */
  label: string;
  onClick: () => unknown;
  loading?: boolean;
  disabled?: boolean;
  /** It removes something: red text. */
  danger?: boolean;
}

/** An actions column (its heading visually hidden) with one small button a row. */
export function buttonColumn<Row>(button: (row: Row) => RowButton, header = 'Actions'): TableColumn<Row> {
  return {
    header,
    hiddenHeader: true,
    cell: (row) => {
      const { text, label, onClick, loading, disabled, danger } = button(row);
      return (
        <Button
          size="xs"
          variant="default"
          c={danger ? 'red.9' : undefined}
          loading={loading}
          disabled={disabled}
          aria-label={label}
          onClick={() => void onClick()}
        >
          {text}
        </Button>
      );
    },
  };
}
