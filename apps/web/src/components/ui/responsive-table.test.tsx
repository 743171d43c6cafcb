import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { ResponsiveTable } from './responsive-table';

const rows = [
  { id: 1, name: 'River Trust', amount: '£10.00' },
  { id: 2, name: 'Food Bank', amount: '£2.50' },
];

describe('responsive table', () => {
  it('is one table whose cells carry their column heading (the label of a phone card)', () => {
    renderWithProviders(
      <ResponsiveTable
        aria-label="Gifts"
        rows={rows}
        rowKey={(row) => row.id}
        columns={[
          { header: 'Charity', rowHeader: true, cell: (row) => row.name },
          { header: 'Amount', align: 'right', cell: (row) => row.amount },
          false,
          {
            header: 'Actions',
            hiddenHeader: true,
            cell: (row) => <button type="button">Open {row.name}</button>,
          },
        ]}
      />,
    );
    const table = screen.getByRole('table', { name: 'Gifts' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Charity', 'Amount', 'Actions']);
    const food = within(table).getByRole('row', { name: /Food Bank/ });
    expect(within(food).getByRole('rowheader').textContent).toBe('Food Bank');
    const [amount, actions] = within(food).getAllByRole('cell');
    expect(amount?.getAttribute('data-label')).toBe('Amount');
    expect(amount?.textContent).toBe('£2.50');
    // An actions column has no label on a phone card: its buttons name themselves.
    expect(actions?.hasAttribute('data-label')).toBe(false);
    expect(within(food).getByRole('button', { name: 'Open Food Bank' })).toBeTruthy();
  });
});
