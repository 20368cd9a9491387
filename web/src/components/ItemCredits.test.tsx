import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ItemCredits } from './ItemCredits';

describe('ItemCredits', () => {
  it("links a track's artists, separated by commas", () => {
    const { container } = render(
      <p>
        <ItemCredits
          item={{
            __typename: 'Track',
            artists: [
              { id: 'a1', name: 'Ann' },
              { id: 'b2', name: 'Bo' },
            ],
          }}
        />
      </p>,
    );
    expect(container.textContent).toBe('Ann, Bo');
    expect(screen.getByRole('link', { name: 'Ann' }).getAttribute('href')).toBe('/artist/a1');
    expect(screen.getByRole('link', { name: 'Bo' }).getAttribute('href')).toBe('/artist/b2');
  });

  it("links an episode's show", () => {
    render(<ItemCredits item={{ __typename: 'Episode', show: { id: 's1', name: 'Morning Talk' } }} />);
    expect(screen.getByRole('link', { name: 'Morning Talk' }).getAttribute('href')).toBe('/show/s1');
  });
});
