import { describe, expect, it } from 'vitest';
import { htmlDescription } from './records';

describe('search records', () => {
  it('make an HTML paragraph of a plain description', () => {
    expect(htmlDescription('Tom & Jerry <live> "now"')).toBe('<p>Tom &amp; Jerry &lt;live&gt; &quot;now&quot;</p>');
  });
});
