import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { NothingPlaying } from './NothingPlaying';

describe('NothingPlaying', () => {
  it('says nothing plays, what to do, and links to search', () => {
    render(<NothingPlaying icon={<svg data-testid="icon" />}>Start an album here.</NothingPlaying>);
    expect(screen.getByRole('heading', { name: 'Nothing is playing' })).toBeTruthy();
    expect(screen.getByText('Start an album here.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Find something to play' }).getAttribute('href')).toBe('/search');
    expect(screen.getByTestId('icon')).toBeTruthy();
  });
});
