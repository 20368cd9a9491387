import { describe, expect, it } from 'vitest';
import { keyInWords, loudnessInWords, percentOf, tempoInWords } from './audio-features';

describe('audio features in words', () => {
  it('names the key and the mode as musicians do', () => {
    expect(keyInWords(0, 'MAJOR')).toBe('C major');
    expect(keyInWords(1, 'MINOR')).toBe('C♯/D♭ minor');
    expect(keyInWords(11, 'MAJOR')).toBe('B major');
    expect(keyInWords(5, null)).toBe('F');
    expect(keyInWords(null, 'MAJOR')).toBe('No key detected');
    expect(keyInWords(-1, 'MINOR')).toBe('No key detected');
    expect(keyInWords(12, 'MINOR')).toBe('No key detected');
  });

  it('rounds the tempo, signs the loudness and bounds the measures', () => {
    expect(tempoInWords(104.572)).toBe('105 BPM');
    expect(loudnessInWords(-7.46)).toBe('−7.5 dB');
    expect(loudnessInWords(0)).toBe('0.0 dB');
    expect(percentOf(0.662)).toBe(66);
    expect(percentOf(1.2)).toBe(100);
    expect(percentOf(-0.1)).toBe(0);
  });
});
