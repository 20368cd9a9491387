import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CatalogError } from './CatalogError';

const graphqlError = (code: string) => new CombinedGraphQLErrors({ errors: [{ message: 'No', extensions: { code } }] });

describe('CatalogError', () => {
  it('heads the screen with not-found for an id that names nothing', () => {
    render(<CatalogError error={graphqlError('NOT_FOUND')} kind="album" retry={() => undefined} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Not found' })).toBeTruthy();
  });

  it('heads the screen with what failed, since it stands in place of the whole screen', () => {
    render(<CatalogError error={new Error('Failed to fetch')} kind="album" retry={() => undefined} />);
    expect(screen.getByRole('heading', { level: 1, name: 'We could not load this album.' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
