import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders, textsOf } from '@/testing/render';
import { ResponsiveTable, type ResponsiveTableProps } from './responsive-table';

type Row = { id: number; name: string; amount: string };
const rows: Row[] = [
  { id: 1, name: 'River Trust', amount: '£10.00' },
  { id: 2, name: 'Food Bank', amount: '£2.50' },
];

/** Renders the table named "Gifts" of `rows` (unless told otherwise), each keyed by its id. */
function renderTable(props: Omit<ResponsiveTableProps<Row>, 'rows' | 'rowKey'> & { rows?: Row[] }) {
  return renderWithProviders(
    <ResponsiveTable aria-label="Gifts" rows={rows} rowKey={(row) => row.id} {...props} />,
  );
}

/** The rows a phone shows only after "Show all" (its CSS hides them until then). */
const phoneExtraRows = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .filter((row) => row.hasAttribute('data-phone-extra'));

describe('responsive table', () => {
  it('is one table whose cells carry their column heading (the label of a phone card)', () => {
    renderTable({
      columns: [
        { header: 'Charity', rowHeader: true, cell: (row) => row.name },
        { header: 'Amount', align: 'right', cell: (row) => row.amount },
        false,
        {
          header: 'Actions',
          hiddenHeader: true,
          cell: (row) => <button type="button">Open {row.name}</button>,
        },
      ],
    });
    const table = screen.getByRole('table', { name: 'Gifts' });
    expect(textsOf(within(table).getAllByRole('columnheader'))).toEqual(['Charity', 'Amount', 'Actions']);
    const food = within(table).getByRole('row', { name: /Food Bank/ });
    expect(within(food).getByRole('rowheader').textContent).toBe('Food Bank');
    const [amount, actions] = within(food).getAllByRole('cell');
    expect(amount?.getAttribute('data-label')).toBe('Amount');
    expect(amount?.textContent).toBe('£2.50');
    // An actions column has no label on a phone card: its buttons name themselves.
    expect(actions?.hasAttribute('data-label')).toBe(false);
    expect(within(food).getByRole('button', { name: 'Open Food Bank' })).toBeInTheDocument();
  });

  it('summarises a long table on a phone: the first rows, then "Show all" for the rest', async () => {
    const many = [...rows, { id: 3, name: 'Shelter', amount: '£1.00' }];
    renderTable({
      rows: many,
      phoneRows: 2,
      columns: [
        { header: 'Charity', rowHeader: true, cell: (row) => row.name },
        { header: 'Amount', cell: (row) => row.amount },
      ],
    });
    const table = screen.getByRole('table', { name: 'Gifts' });
    // The rows past the first two wait (the phone's CSS hides them); a wide screen shows them all.
    const extra = () => textsOf(phoneExtraRows(table));
    expect(extra()).toEqual(['Shelter£1.00']);
    const more = screen.getByRole('button', { name: 'Show all 3' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    expect(more.getAttribute('aria-controls')).toBe(table.id);
    await userEvent.click(more);
    expect(extra()).toEqual([]);
    const fewer = screen.getByRole('button', { name: 'Show the first 2 only' });
    expect(fewer).toHaveAttribute('aria-expanded', 'true');
  });

  it('can summarise with the last rows (a table oldest first shows its latest rows)', () => {
    const months = [
      { id: 1, name: 'Sep', amount: '£1' },
      { id: 2, name: 'Oct', amount: '£2' },
      { id: 3, name: 'Nov', amount: '£3' },
    ];
    renderTable({
      'aria-label': 'By month',
      rows: months,
      phoneRows: 2,
      phoneRowsAtEnd: true,
      columns: [{ header: 'Month', rowHeader: true, cell: (row) => row.name }],
    });
    const waiting = phoneExtraRows(screen.getByRole('table', { name: 'By month' }));
    expect(textsOf(waiting)).toEqual(['Sep']);
    expect(screen.getByRole('button', { name: 'Show all 3' })).toBeInTheDocument();
  });

  it('offers no "Show all" when every row fits the summary', () => {
    renderTable({
      phoneRows: 2,
      columns: [{ header: 'Charity', rowHeader: true, cell: (row) => row.name }],
    });
    expect(screen.queryByRole('button', { name: /Show all/ })).not.toBeInTheDocument();
  });
});
