import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Tabs } from './Tabs';

const names = ['all', 'songs', 'albums'] as const;
type Name = (typeof names)[number];
const labels: Record<Name, string> = { all: 'All', songs: 'Songs', albums: 'Albums' };

function Example({ onSelect }: { onSelect?: (name: Name) => void }) {
  const [selected, setSelected] = useState<Name>('all');
  return (
    <Tabs
      names={names}
      labels={labels}
      selected={selected}
      onSelect={(name) => {
        onSelect?.(name);
        setSelected(name);
      }}
      label="Kinds"
    >
      <p>Showing {labels[selected]}</p>
    </Tabs>
  );
}

describe('Tabs', () => {
  it('names the list, marks the selected tab and labels the one panel by it', () => {
    render(<Example />);
    expect(screen.getByRole('tablist', { name: 'Kinds' })).toBeTruthy();
    const all = screen.getByRole('tab', { name: 'All' });
    expect(all.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tab', { name: 'Songs' }).getAttribute('aria-selected')).toBe('false');
    const panel = screen.getByRole('tabpanel');
    expect(panel.getAttribute('aria-labelledby')).toBe(all.id);
    expect(all.getAttribute('aria-controls')).toBe(panel.id);
    expect(screen.getAllByRole('tabpanel')).toHaveLength(1);
    // One stop in the tab order for the whole list: the selected tab.
    expect(all.tabIndex).toBe(0);
    expect(screen.getByRole('tab', { name: 'Albums' }).tabIndex).toBe(-1);
  });

  it('moves the focus with the arrow keys, Home and End, wrapping at the ends, without selecting', () => {
    const onSelect = vi.fn();
    render(<Example onSelect={onSelect} />);
    const all = screen.getByRole('tab', { name: 'All' });
    const songs = screen.getByRole('tab', { name: 'Songs' });
    const albums = screen.getByRole('tab', { name: 'Albums' });
    all.focus();
    fireEvent.keyDown(all, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(songs);
    fireEvent.keyDown(songs, { key: 'End' });
    expect(document.activeElement).toBe(albums);
    fireEvent.keyDown(albums, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(all);
    fireEvent.keyDown(all, { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(albums);
    fireEvent.keyDown(albums, { key: 'Home' });
    expect(document.activeElement).toBe(all);
    expect(onSelect).not.toHaveBeenCalled();
    expect(screen.getByText('Showing All')).toBeTruthy();
  });

  it('selects a tab when it is pressed, and not again when it is pressed once more', () => {
    const onSelect = vi.fn();
    render(<Example onSelect={onSelect} />);
    fireEvent.click(screen.getByRole('tab', { name: 'Albums' }));
    expect(onSelect).toHaveBeenCalledWith('albums');
    expect(screen.getByText('Showing Albums')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Albums' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tab', { name: 'Albums' }).tabIndex).toBe(0);
    fireEvent.click(screen.getByRole('tab', { name: 'Albums' }));
    expect(onSelect).toHaveBeenCalledOnce();
  });
});
