import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, stubFetch } from '@/testing/http';
import { renderWithProviders } from '@/testing/render';
import { ProjectForm } from './project-form';

const NO_STATES = () => jsonResponse({ items: [], next_cursor: null, prev_cursor: null });

/** Echoes the created project back (enough of it for the form). */
function created(init: RequestInit) {
  const body = JSON.parse(String(init.body)) as Record<string, unknown>;
  return jsonResponse({ id: 41, status: 1, ...body }, 201);
}

function renderForm() {
  const fetchMock = stubFetch({
    'GET /api/state/by_country/1': NO_STATES,
    'POST /api/project/create': (_url, init) => created(init),
  });
  renderWithProviders(<ProjectForm charityId={3} />);
  const form = screen.getByRole('form', { name: 'New project' });
  return { fetchMock, form };
}

/** Types a value at once (pasting): the form is large and re-renders on each key. */
async function fill(input: HTMLElement, text: string) {
  await userEvent.click(input);
  await userEvent.paste(text);
}

const createCalls = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls.filter(([url]) => String(url).includes('/project/create'));

// A large form: typing into it in jsdom takes a few seconds.
describe('needs editor', { timeout: 40_000 }, () => {
  it('adds and removes skilled and gift rows, each a labelled group', async () => {
    const { form } = renderForm();
    expect(within(form).getByText('No skilled volunteering asked for.')).toBeInTheDocument();

    await userEvent.click(within(form).getByRole('button', { name: 'Add skilled need' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Add skilled need' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Add gift need' }));
    expect(within(form).getByRole('group', { name: 'Skilled need 1' })).toBeInTheDocument();
    expect(within(form).getByRole('group', { name: 'Skilled need 2' })).toBeInTheDocument();
    const gift = within(form).getByRole('group', { name: 'Gift need 1' });
    expect(within(gift).getByLabelText('Gift type')).toBeInTheDocument();
    expect(within(gift).getByLabelText('Description')).toBeInTheDocument();
    expect(within(gift).getByLabelText('Quantity')).toHaveValue('1');

    // The new row's first field has the focus.
    await waitFor(() => expect(document.activeElement).toBe(within(gift).getByLabelText('Gift type')));

    await userEvent.click(within(form).getByRole('button', { name: 'Remove skilled need 1' }));
    expect(within(form).queryByRole('group', { name: 'Skilled need 2' })).not.toBeInTheDocument();
    expect(within(form).getByRole('group', { name: 'Skilled need 1' })).toBeInTheDocument();
    expect(document.activeElement).toBe(within(form).getByRole('button', { name: 'Add skilled need' }));

    await userEvent.click(within(form).getByRole('button', { name: 'Remove gift need 1' }));
    expect(within(form).getByText('No gifts asked for.')).toBeInTheDocument();
  });

  it('flags incomplete rows and a funds target that is not an amount, and sends nothing', async () => {
    const { fetchMock, form } = renderForm();
    await fill(within(form).getByLabelText('Title'), 'Laptops for learners');
    await fill(within(form).getByLabelText('Funds target'), '12.345');
    await userEvent.click(within(form).getByRole('button', { name: 'Add skilled need' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Add gift need' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Create project' }));

    const skill = within(form).getByRole('group', { name: 'Skilled need 1' });
    const gift = within(form).getByRole('group', { name: 'Gift need 1' });
    expect(await within(skill).findByText('Choose a skill.')).toBeInTheDocument();
    expect(
      within(skill).getByText('Enter a whole number of hours between 1 and 100,000.'),
    ).toBeInTheDocument();
    expect(within(gift).getByText('Choose a gift type.')).toBeInTheDocument();
    expect(within(gift).getByText('Say what is needed.')).toBeInTheDocument();
    expect(within(form).getByText('Enter an amount, like 1500 or 1500.50.')).toBeInTheDocument();
    expect(within(form).getByLabelText('Funds target')).toHaveAttribute('aria-invalid', 'true');
    expect(within(skill).getByLabelText('Skill', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    expect(createCalls(fetchMock)).toHaveLength(0);
  });

  it('keeps hours and a quantity as typed and refuses them with a sentence; shows the text limits', async () => {
    const { fetchMock, form } = renderForm();
    await fill(within(form).getByLabelText('Title'), 'Laptops for learners');
    await fill(within(form).getByLabelText('Volunteering hours'), '-3');
    await userEvent.click(within(form).getByRole('button', { name: 'Add skilled need' }));
    const skill = within(form).getByRole('group', { name: 'Skilled need 1' });
    await userEvent.selectOptions(within(skill).getByLabelText('Skill', { exact: true }), 'IT/Tech');
    await fill(within(skill).getByLabelText('Hours'), '2.5');
    await userEvent.click(within(form).getByRole('button', { name: 'Add gift need' }));
    const gift = within(form).getByRole('group', { name: 'Gift need 1' });
    await userEvent.selectOptions(within(gift).getByLabelText('Gift type'), 'Technology');
    await fill(within(gift).getByLabelText('Description'), 'Laptops');
    const quantity = within(gift).getByLabelText('Quantity');
    await userEvent.clear(quantity);
    await fill(quantity, '-2');
    await userEvent.click(within(form).getByRole('button', { name: 'Create project' }));

    expect(
      await within(form).findByText('Enter a whole number of hours between 1 and 1,000,000.'),
    ).toBeInTheDocument();
    expect(within(form).getByLabelText('Volunteering hours')).toHaveProperty('value', '-3');
    expect(
      within(skill).getByText('Enter a whole number of hours between 1 and 100,000.'),
    ).toBeInTheDocument();
    expect(within(skill).getByLabelText('Hours')).toHaveProperty('value', '2.5');
    expect(within(gift).getByText('Enter a whole number between 1 and 1,000,000.')).toBeInTheDocument();
    expect(quantity).toHaveProperty('value', '-2');
    expect(createCalls(fetchMock)).toHaveLength(0);

    // Long texts say their limit as they are typed; typing stops there.
    const summary = within(form).getByLabelText('Summary');
    expect(summary).toHaveAttribute('maxlength', '300');
    await fill(summary, 'Laptops for the learners of the valley.');
    expect(within(form).getByText('39 of 300 characters')).toBeInTheDocument();
    expect(within(form).getByLabelText('Description', { selector: 'textarea' })).toHaveAttribute(
      'maxlength',
      '20000',
    );
    expect(within(form).getByLabelText('Title')).toHaveAttribute('maxlength', '150');
  });

  it('sends the funds target in minor units and every row as typed', async () => {
    const { fetchMock, form } = renderForm();
    await fill(within(form).getByLabelText('Title'), 'Laptops for learners');
    await fill(within(form).getByLabelText('Funds target'), '1,500.50');

    await userEvent.click(within(form).getByRole('button', { name: 'Add skilled need' }));
    const skill = within(form).getByRole('group', { name: 'Skilled need 1' });
    await userEvent.selectOptions(within(skill).getByLabelText('Skill', { exact: true }), 'IT/Tech');
    await fill(within(skill).getByLabelText('Hours'), '12');

    await userEvent.click(within(form).getByRole('button', { name: 'Add gift need' }));
    const gift = within(form).getByRole('group', { name: 'Gift need 1' });
    await userEvent.selectOptions(within(gift).getByLabelText('Gift type'), 'Technology');
    await fill(within(gift).getByLabelText('Description'), '  Laptops  ');
    const quantity = within(gift).getByLabelText('Quantity');
    await userEvent.clear(quantity);
    await fill(quantity, '3');

    await userEvent.click(within(form).getByRole('button', { name: 'Create project' }));
    expect(await screen.findByText('Project created')).toBeInTheDocument();
    const [call] = createCalls(fetchMock);
    const body = JSON.parse(String(call?.[1]?.body));
    expect(body).toMatchObject({
      title: 'Laptops for learners',
      charity_id: 3,
      funds_target: 150_050,
      volunteering_hours: null,
      skill_needs: [{ type: 6, hours: 12 }],
      gift_needs: [{ type: 1, description: 'Laptops', quantity: 3 }],
    });
  });
});
