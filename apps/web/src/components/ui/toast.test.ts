import { cleanNotifications, notificationsStore } from '@mantine/notifications';
import { afterEach, describe, expect, it } from 'vitest';
import { toast } from './toast';

const shown = () => notificationsStore.getState().notifications;

describe('toasts', () => {
  afterEach(() => cleanNotifications());

  it('keeps errors and warnings until closed (WCAG 2.2.1); success fades', () => {
    toast.error('Not saved', 'The server is away.');
    toast.warning('Careful', 'Check the amount.');
    expect(shown().map((n) => [n.title, n.autoClose])).toEqual([
      ['Not saved', false],
      ['Careful', false],
    ]);
    toast.success('Saved');
    expect(shown().map((n) => [n.title, n.autoClose])).toEqual([['Saved', 5000]]);
  });

  it('clears the standing errors when a success follows', () => {
    toast.error('Not saved', 'The server is away.');
    toast.error('Not saved', 'Still away.');
    expect(shown().map((n) => n.autoClose)).toEqual([false, false]);
    toast.success('Saved');
    expect(shown().map((n) => n.title)).toEqual(['Saved']);
  });
});
