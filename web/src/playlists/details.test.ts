import { describe, expect, it } from 'vitest';
import { changedDetails, plainDescription, validateDetails } from './details';

const form = { name: 'Road trip', description: '', public: false };

describe("a playlist's details", () => {
  it('accepts a name of 1 to 100 characters and a description of up to 300', () => {
    expect(validateDetails(form)).toEqual({});
    expect(validateDetails({ ...form, name: 'x'.repeat(100), description: 'y'.repeat(300) })).toEqual({});
  });

  it('says what is wrong with each field', () => {
    expect(validateDetails({ ...form, name: '   ' })).toEqual({ name: 'Give the playlist a name.' });
    expect(validateDetails({ ...form, name: 'x'.repeat(101) }).name).toBe(
      'The name is 101 characters long; 100 at most.',
    );
    expect(validateDetails({ ...form, description: 'y'.repeat(301) }).description).toBe(
      'The description is 301 characters long; 300 at most.',
    );
  });

  it('counts the name and the description as they will be sent: trimmed', () => {
    expect(validateDetails({ ...form, name: `  ${'x'.repeat(100)}  ` })).toEqual({});
  });

  it('sends only what changed, trimmed', () => {
    expect(changedDetails(form, { ...form })).toBeNull();
    expect(changedDetails(form, { ...form, name: ' Night drive ' })).toEqual({ name: 'Night drive' });
    expect(changedDetails(form, { ...form, description: ' For the road ', public: true })).toEqual({
      description: 'For the road',
      public: true,
    });
    // Clearing a description sends it empty.
    expect(changedDetails({ ...form, description: 'Old' }, { ...form, description: '' })).toEqual({ description: '' });
  });

  it('shows a description with HTML entities as text, and never as markup', () => {
    expect(plainDescription('Rock &amp; roll, it&#x27;s &quot;loud&quot;')).toBe('Rock & roll, it\'s "loud"');
    expect(plainDescription('<img src=x onerror="alert(1)">Hi <b>there</b>')).toBe('Hi there');
    expect(plainDescription(null)).toBe('');
    expect(plainDescription('Plain words')).toBe('Plain words');
  });
});
