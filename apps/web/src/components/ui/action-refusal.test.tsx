import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { renderWithProviders } from '@/testing/render';
import { ActionRefusal, useActionRefusal } from './action-refusal';

/** A button whose action the server refuses the first time and accepts the second. */
function Lock() {
  const { refusal, attempt } = useActionRefusal();
  const [calls, setCalls] = useState(0);
  const [done, setDone] = useState(false);
  const onClick = async () => {
    setCalls((n) => n + 1);
    const ok = await attempt('Not locked', async () => {
      if (calls === 0) throw new ApiError(409, 'HAS_FUNDS', 'The charity still holds funds.');
    });
    setDone(ok);
  };
  return (
    <>
      <ActionRefusal refusal={refusal} />
      <button type="button" onClick={onClick}>
        Lock
      </button>
      {done ? <p>Locked</p> : null}
    </>
  );
}

describe('an action’s refusal', () => {
  it('stays on the page with what the server said, and goes with the next success', async () => {
    renderWithProviders(<Lock />);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Lock' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Not locked');
    expect(alert.textContent).toContain('The charity still holds funds.');
    expect(screen.queryByText('Locked')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Lock' }));
    expect(await screen.findByText('Locked')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
