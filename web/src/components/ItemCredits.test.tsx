import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ItemCredits } from './ItemCredits';

/** A track's credits in a line of their own, as the rows and the player show them. */
function renderTrackCredits(...names: string[]) {
  const artists = names.map((name, index) => ({ id: `a${String(index + 1)}`, name }));
  return render(
    <p>
      <ItemCredits item={{ __typename: 'Track', artists }} />
    </p>,
  );
}

describe('ItemCredits', () => {
  it("links a track's artists, separated by commas", () => {
    const { container } = renderTrackCredits('Ann', 'Bo');
    expect(container.textContent).toBe('Ann, Bo');
    expect(screen.getByRole('link', { name: 'Ann' }).getAttribute('href')).toBe('/artist/a1');
    expect(screen.getByRole('link', { name: 'Bo' }).getAttribute('href')).toBe('/artist/a2');
  });

  it("gives a name alone on its line a thumb's width on a phone, and leaves names in a run as words of the line", () => {
    const { unmount } = renderTrackCredits('Io');
    expect(screen.getByRole('link', { name: 'Io' }).className).toContain('max-sm:min-w-11');
    unmount();
    renderTrackCredits('Io', 'Bo');
    for (const name of ['Io', 'Bo']) {
      const link = screen.getByRole('link', { name });
      expect(link.className).not.toContain('inline-block');
      // In the line's own text, beside the commas.
      expect(link.parentElement?.tagName).toBe('P');
    }
  });

  it("links an episode's show", () => {
    render(<ItemCredits item={{ __typename: 'Episode', show: { id: 's1', name: 'Morning Talk' } }} />);
    expect(screen.getByRole('link', { name: 'Morning Talk' }).getAttribute('href')).toBe('/show/s1');
  });
});
