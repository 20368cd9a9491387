import { describe, expect, it } from 'vitest';
import { accountProduct } from './enums';

describe('accountProduct', () => {
  it('passes the known products and answers null for the rest', () => {
    expect(accountProduct('premium')).toBe('premium');
    expect(accountProduct('free')).toBe('free');
    expect(accountProduct('open')).toBe('open');
    expect(accountProduct('family')).toBeNull();
    expect(accountProduct(undefined)).toBeNull();
  });
});
