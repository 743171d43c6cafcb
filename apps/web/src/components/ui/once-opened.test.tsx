import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OnceOpened } from './once-opened';

describe('OnceOpened', () => {
  it('renders nothing until first opened, then keeps its children when closed again', () => {
    const { rerender } = render(
      <OnceOpened opened={false}>
        <p>drawer</p>
      </OnceOpened>,
    );
    expect(screen.queryByText('drawer')).not.toBeInTheDocument();
    rerender(
      <OnceOpened opened>
        <p>drawer</p>
      </OnceOpened>,
    );
    expect(screen.getByText('drawer')).toBeInTheDocument();
    rerender(
      <OnceOpened opened={false}>
        <p>drawer</p>
      </OnceOpened>,
    );
    expect(screen.getByText('drawer')).toBeInTheDocument();
  });
});
