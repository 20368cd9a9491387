/**
 * The row a key moves focus to, from row `index` of `count`: ArrowDown and ArrowUp step, Home and End jump
 * to the ends; null for any other key.
 */
export function rowFor(key: string, index: number, count: number): number | null {
  if (count === 0) return null;
  switch (key) {
    case 'ArrowDown':
      return Math.min(count - 1, index + 1);
    case 'ArrowUp':
      return Math.max(0, index - 1);
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}
