import { describe, expect, it } from 'vitest';
import { rowFor } from './rows';

describe('rowFor', () => {
  it('steps with the arrows, jumps with Home and End, and stays within the list', () => {
    expect(rowFor('ArrowDown', 0, 3)).toBe(1);
    expect(rowFor('ArrowDown', 2, 3)).toBe(2);
    expect(rowFor('ArrowUp', 0, 3)).toBe(0);
    expect(rowFor('ArrowUp', 2, 3)).toBe(1);
    expect(rowFor('Home', 2, 3)).toBe(0);
    expect(rowFor('End', 0, 3)).toBe(2);
    expect(rowFor('Enter', 0, 3)).toBeNull();
    expect(rowFor('ArrowDown', 0, 0)).toBeNull();
  });
});
