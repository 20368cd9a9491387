import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { keyboardStep, useReorder } from './useReorder';

const songs = ['Alpha', 'Beta', 'Gamma'];

function List({ onMove }: { onMove: (from: number, to: number, row: string) => void }) {
  const reorder = useReorder({ rows: songs, keyOf: (row) => row, nameOf: (row) => row, onMove });
  return (
    <>
      <ol aria-label="Songs">
        {reorder.rows.map((row) => (
          <li key={row}>
            {row}
            {reorder.handle(row)}
          </li>
        ))}
      </ol>
      {reorder.announcer}
    </>
  );
}

const order = () => screen.getAllByRole('listitem').map((item) => item.textContent);
// A click with no pointer behind it: what Space and Enter on a button, and assistive tools, make.
const press = (element: HTMLElement) => fireEvent.click(element, { detail: 0 });

describe('reordering from the keyboard', () => {
  it('picks a row up, carries it with the arrow keys, and drops it, saying each step', () => {
    const onMove = vi.fn();
    render(<List onMove={onMove} />);
    const handle = screen.getByRole('button', { name: 'Reorder Alpha' });
    expect(handle.getAttribute('aria-describedby')).toBe('reorder-help');

    press(handle);
    expect(handle.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByText(/^Picked up Alpha, position 1 of 3\./)).toBeTruthy();

    fireEvent.keyDown(handle, { key: 'ArrowDown' });
    fireEvent.keyDown(handle, { key: 'ArrowDown' });
    fireEvent.keyDown(handle, { key: 'ArrowDown' });
    // Where it would land shows as it moves; nothing changes until the drop.
    expect(order()).toEqual(['Beta', 'Gamma', 'Alpha']);
    expect(screen.getByText('Alpha, position 3 of 3.')).toBeTruthy();
    expect(onMove).not.toHaveBeenCalled();

    press(screen.getByRole('button', { name: 'Reorder Alpha' }));
    expect(onMove).toHaveBeenCalledExactlyOnceWith(0, 2, 'Alpha');
    expect(screen.getByText('Alpha moved to position 3 of 3.')).toBeTruthy();
  });

  it('puts the row back on Escape', () => {
    const onMove = vi.fn();
    render(<List onMove={onMove} />);
    const handle = screen.getByRole('button', { name: 'Reorder Gamma' });
    press(handle);
    fireEvent.keyDown(handle, { key: 'Home' });
    expect(order()).toEqual(['Gamma', 'Alpha', 'Beta']);
    fireEvent.keyDown(screen.getByRole('button', { name: 'Reorder Gamma' }), { key: 'Escape' });
    expect(order()).toEqual(['Alpha', 'Beta', 'Gamma']);
    expect(screen.getByText('Move cancelled. Gamma is back at position 3 of 3.')).toBeTruthy();
    expect(onMove).not.toHaveBeenCalled();
  });

  it('leaves mouse clicks to dragging, and a drop where it started changes nothing', () => {
    const onMove = vi.fn();
    render(<List onMove={onMove} />);
    const handle = screen.getByRole('button', { name: 'Reorder Beta' });
    fireEvent.click(handle, { detail: 1 });
    expect(handle.getAttribute('aria-pressed')).toBe('false');
    press(handle);
    fireEvent.keyDown(handle, { key: 'ArrowUp' });
    fireEvent.keyDown(handle, { key: 'ArrowDown' });
    press(handle);
    expect(onMove).not.toHaveBeenCalled();
    expect(screen.getByText('Beta dropped back at position 2 of 3.')).toBeTruthy();
  });
});

describe('where a key carries a row', () => {
  it('moves it one up or down, or to the top or bottom, within the list', () => {
    expect(keyboardStep('ArrowUp', 2, 5)).toBe(1);
    expect(keyboardStep('ArrowDown', 2, 5)).toBe(3);
    expect(keyboardStep('Home', 2, 5)).toBe(0);
    expect(keyboardStep('End', 2, 5)).toBe(4);
    expect(keyboardStep('ArrowUp', 0, 5)).toBe(0);
    expect(keyboardStep('ArrowDown', 4, 5)).toBe(4);
  });

  it('is nothing for any other key', () => {
    expect(keyboardStep('a', 2, 5)).toBeUndefined();
  });
});
