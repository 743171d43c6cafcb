import userEvent from '@testing-library/user-event';

/**
 * Replaces a field's value in one change, as a paste does: typing key by key re-renders the whole
 * form each time, which is slow in jsdom.
 */
export async function paste(field: HTMLElement, value: string) {
  await userEvent.clear(field);
  await userEvent.click(field);
  await userEvent.paste(value);
}
