import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ErrorState } from './States';

const graphqlError = (code: string, message = 'Upstream said no') =>
  new CombinedGraphQLErrors({ errors: [{ message, extensions: { code } }] });

describe('ErrorState', () => {
  it('shows not-found, with a way home, for NOT_FOUND', () => {
    render(<ErrorState error={graphqlError('NOT_FOUND')} doing="load this playlist" />);
    expect(screen.getByRole('heading', { name: 'Not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go home' }).getAttribute('href')).toBe('/');
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it("gives not-found the screen's own heading where it stands for the whole screen", () => {
    render(<ErrorState error={graphqlError('NOT_FOUND')} doing="load this playlist" level={1} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Not found' })).toBeTruthy();
  });

  it('shows not-found when the item is missing without any error, as a cached answer leaves it', () => {
    render(<ErrorState error={undefined} doing="load this playlist" />);
    expect(screen.getByRole('heading', { name: 'Not found' })).toBeTruthy();
    expect(screen.getByText('We could not find that. It may have been removed.')).toBeTruthy();
  });

  it('explains an error that a retry can mend, and retries', () => {
    const retry = vi.fn();
    render(<ErrorState error={new Error('Failed to fetch')} doing="load this album" retry={retry} />);
    expect(screen.getByRole('alert').textContent).toContain('We could not load this album.');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(retry).toHaveBeenCalledOnce();
  });

  it('heads an error with what could not be done, at the level of what it stands for', () => {
    const { unmount } = render(<ErrorState error={new Error('Failed to fetch')} doing="load your library" level={1} />);
    expect(screen.getByRole('heading', { level: 1, name: 'We could not load your library.' })).toBeTruthy();
    unmount();
    render(<ErrorState error={new Error('Failed to fetch')} doing="load the items of this playlist" />);
    expect(
      screen.getByRole('heading', { level: 2, name: 'We could not load the items of this playlist.' }),
    ).toBeTruthy();
  });

  it('offers no retry for what a retry cannot mend', () => {
    render(<ErrorState error={graphqlError('FORBIDDEN')} doing="load this album" retry={() => undefined} />);
    expect(screen.getByRole('alert').textContent).toContain('You are not allowed to load this album.');
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });
});
