import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, stubFetch } from '@/testing/http';
import { renderWithProviders } from '@/testing/render';
import { emptyProjectValues, toProjectBody, volunteeringEnd } from '../lib/project-values';
import { DateWithDefault, defaultDateHint } from './date-field';
import { ProjectForm } from './project-form';

const END = '2027-03-31';

describe('a blank required date defaults to the project end date', { timeout: 20_000 }, () => {
  it('uses the project end date when volunteering hours are asked for and the end is blank', () => {
    expect(volunteeringEnd({ volunteering_hours: 20, volunteering_end: null, end_date: END })).toBe(END);
    expect(volunteeringEnd({ volunteering_hours: 20, volunteering_end: '', end_date: END })).toBe(END);
    // A date given is kept.
    expect(volunteeringEnd({ volunteering_hours: 20, volunteering_end: '2027-02-28', end_date: END })).toBe(
      '2027-02-28',
    );
    // No volunteering: nothing to default.
    expect(volunteeringEnd({ volunteering_hours: '', volunteering_end: null, end_date: END })).toBeNull();
    // No project end date yet: still blank.
    expect(volunteeringEnd({ volunteering_hours: 20, volunteering_end: null, end_date: null })).toBeNull();

    const body = toProjectBody({
      ...emptyProjectValues(),
      title: 'Trees',
      end_date: END,
      volunteering_hours: 20,
    });
    expect(body).toMatchObject({ end_date: END, volunteering_hours: 20, volunteering_end: END });
  });

  it('shows the default as a tooltip and placeholder while the date is blank', async () => {
    function Harness() {
      const [value, setValue] = useState<string | null>(null);
      return (
        <DateWithDefault label="Volunteering ends" projectEndDate={END} value={value} onChange={setValue} />
      );
    }
    renderWithProviders(<Harness />);
    const input = screen.getByLabelText('Volunteering ends', { exact: true });
    expect(input).toHaveAttribute('placeholder', '03/31/27');
    await userEvent.hover(input);
    const tooltip = await screen.findByRole('tooltip');
    expect(tooltip.textContent).toBe('Left blank, this is the project end date (03/31/27).');
    expect(defaultDateHint(null)).toBe('Left blank, this is the project end date (not set yet).');

    // With a date typed (mm/dd/yy) there is nothing to default, and no tooltip.
    await userEvent.unhover(input);
    await userEvent.type(input, '02/28/27');
    await act(async () => {
      input.blur();
    });
    expect(input).toHaveValue('02/28/27');
    await userEvent.hover(input);
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });

  it('sends the project end date for a blank volunteering end', async () => {
    const fetchMock = stubFetch({
      'GET /api/state/by_country/1': () => jsonResponse({ items: [], next_cursor: null, prev_cursor: null }),
      'POST /api/project/create': (_url, init) =>
        jsonResponse({ id: 9, status: 1, ...JSON.parse(String(init.body)) }, 201),
    });
    renderWithProviders(<ProjectForm charityId={3} />);
    const form = screen.getByRole('form', { name: 'New project' });
    await userEvent.click(within(form).getByLabelText('Title'));
    await userEvent.paste('Tree planting weekend');
    await userEvent.type(within(form).getByLabelText('End date', { exact: true }), '03/31/27');
    await userEvent.type(within(form).getByLabelText('Volunteering hours'), '20');
    const volunteeringEnds = within(form).getByLabelText('Volunteering ends', { exact: true });
    expect(volunteeringEnds).toHaveAttribute('placeholder', '03/31/27');

    await userEvent.click(within(form).getByRole('button', { name: 'Create project' }));
    expect(await screen.findByText('Project created')).toBeInTheDocument();
    const call = fetchMock.mock.calls.find(([url]) => String(url).includes('/project/create'));
    expect(JSON.parse(String(call?.[1]?.body))).toMatchObject({
      end_date: END,
      volunteering_hours: 20,
      volunteering_end: END,
    });
  });
});
