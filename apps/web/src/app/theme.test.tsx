import { ActionIcon, Alert, Checkbox, CloseButton, NumberInput, Radio, Select, Switch } from '@mantine/core';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/render';

/** The CSS variable that sizes a control, read from the element Mantine puts it on. */
const sizeOf = (element: Element | null, variable: string) =>
  (element as HTMLElement | null)?.style.getPropertyValue(variable);

/*
 * WCAG 2.2 SC 2.5.8: every control a finger presses is at least 24 x 24 CSS px, whatever size a
 * screen asks for (docs/decisions/038-touch-targets-and-phone-sections.md). jsdom lays nothing
 * out: the journeys measure the drawn sizes (e2e/screens-phone.spec.ts); this pins the theme.
 */
describe('theme: controls at least 24 px', () => {
  it('draws checkboxes, radios and switches at 24 px, not Mantine’s 20 px, even when asked for small', () => {
    renderWithProviders(
      <>
        <Checkbox label="Anonymous" />
        <Checkbox label="Small" size="xs" />
        <Radio label="Monthly" />
        <Switch label="Include sub-businesses" size="sm" />
        <Checkbox label="Large" size="lg" />
      </>,
    );
    const root = (label: string) =>
      screen
        .getByLabelText(label)
        .closest('.mantine-Checkbox-root, .mantine-Radio-root, .mantine-Switch-root');
    expect(sizeOf(root('Anonymous'), '--checkbox-size')).toBe('var(--checkbox-size-md)');
    expect(sizeOf(root('Small'), '--checkbox-size')).toBe('var(--checkbox-size-md)');
    expect(sizeOf(root('Monthly'), '--radio-size')).toBe('var(--radio-size-md)');
    expect(sizeOf(root('Include sub-businesses'), '--switch-height')).toBe('var(--switch-height-md)');
    // A size above 24 px stays as asked.
    expect(sizeOf(root('Large'), '--checkbox-size')).toBe('var(--checkbox-size-lg)');
  });

  it('makes small close buttons, a field’s clear button and action icons 28 px', () => {
    renderWithProviders(
      <>
        <CloseButton aria-label="Close" size="sm" />
        <Alert title="Saved" withCloseButton closeButtonLabel="Dismiss">
          Done
        </Alert>
        <Select
          label="Town"
          clearable
          clearButtonProps={{ 'aria-label': 'Clear town' }}
          data={['Bristol']}
          defaultValue="Bristol"
        />
        <ActionIcon aria-label="Remove" size="xs">
          ×
        </ActionIcon>
      </>,
    );
    expect(sizeOf(screen.getByRole('button', { name: 'Close' }), '--cb-size')).toBe('var(--cb-size-md)');
    expect(sizeOf(screen.getByRole('button', { name: 'Dismiss' }), '--cb-size')).toBe('var(--cb-size-md)');
    // The clear button is hidden from screen readers (the field clears by keyboard), not from fingers.
    expect(sizeOf(document.querySelector('[aria-label="Clear town"]'), '--cb-size')).toBe(
      'var(--cb-size-md)',
    );
    expect(sizeOf(screen.getByRole('button', { name: 'Remove' }), '--ai-size')).toBe('var(--ai-size-md)');
  });

  it('draws number fields without the 17 px steppers (typing and the arrow keys remain)', () => {
    renderWithProviders(<NumberInput label="Hours" defaultValue={2} />);
    expect(screen.getByLabelText('Hours')).toHaveProperty('value', '2');
    expect(document.querySelector('.mantine-NumberInput-control')).toBeNull();
  });
});
