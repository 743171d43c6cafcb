import type { Project } from '@kindred/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { session } from '@/entities/session';
import { renderRoutes, textsOf } from '@/testing/render';
import { sessionClearedAfterEachTest, signInWith } from '@/testing/session';
import type { GiveTarget } from '../lib/target';
import { liveProject } from '../testing/fixtures';
import { GiveActions, type GiveActionsProps } from './give-actions';

/** A stand-in for the guest flow the route hands in: it says what it was opened for. */
const guestSlot: NonNullable<GiveActionsProps['renderGuestGive']> = ({ target, onClose }) => (
  <div role="dialog" aria-label="Guest flow">
    <p>{`Guest gift to ${target.kind === 'project' ? target.project.title : target.charity.name}`}</p>
    <button type="button" onClick={onClose}>
      Close the guest flow
    </button>
  </div>
);

function renderActions(target: GiveTarget, withGuest = true) {
  return renderRoutes(
    [
      {
        path: '/projects/:id',
        element: <GiveActions target={target} {...(withGuest ? { renderGuestGive: guestSlot } : {})} />,
      },
    ],
    '/projects/1',
  );
}

const project = (overrides: Partial<Project> = {}): GiveTarget => ({
  kind: 'project',
  project: { ...liveProject, ...overrides },
});

describe('giving as a guest from the give actions', () => {
  sessionClearedAfterEachTest();

  it('offers a signed-out visitor "Give as a guest" beside the sign-in buttons, and opens the guest flow', async () => {
    renderActions(project());
    const section = screen.getByRole('region', { name: 'Support this project' });
    expect(textsOf(within(section).getAllByRole('link'))).toEqual([
      'Give funds',
      'Volunteer',
      'Give your skills',
      'Give a gift',
    ]);
    await userEvent.click(within(section).getByRole('button', { name: 'Give as a guest' }));
    const flow = screen.getByRole('dialog', { name: 'Guest flow' });
    expect(flow.textContent).toContain('Guest gift to Clean-up of the river banks');
    await userEvent.click(within(flow).getByRole('button', { name: 'Close the guest flow' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('offers it on a charity’s page too', () => {
    renderActions({ kind: 'charity', charity: { id: 3, name: 'River Trust' } });
    const section = screen.getByRole('region', { name: 'Support this charity' });
    expect(within(section).getByRole('button', { name: 'Give as a guest' })).toBeInTheDocument();
  });

  it('does not offer it when signed in, without the slot, or where funds are not asked for', () => {
    signInWith();
    const { unmount } = renderActions(project());
    expect(screen.getByRole('button', { name: 'Give funds' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Give as a guest' })).not.toBeInTheDocument();
    unmount();
    session.clearSession();

    const withoutSlot = renderActions(project(), false);
    expect(screen.getByRole('link', { name: 'Give funds' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Give as a guest' })).not.toBeInTheDocument();
    expect(screen.getByText('You sign in first, then come straight back here.')).toBeInTheDocument();
    withoutSlot.unmount();

    renderActions(project({ giving_kinds: [3, 5] }));
    expect(screen.getByRole('link', { name: 'Volunteer' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Give as a guest' })).not.toBeInTheDocument();
  });
});
