import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { RichText, splitBlocks } from './RichText';

describe('page rich text', () => {
  it('keeps known blocks and sanitises their content', () => {
    const html = renderToStaticMarkup(
      <RichText html={'<h2>Éditeur</h2><p>La <strong>FFR</strong>, <a href="javascript:alert(1)">piège</a></p><ul><li>un</li><li>deux</li></ul><script>alert(1)</script>'} />,
    );
    expect(html).toContain('<h2>Éditeur</h2>');
    expect(html).toContain('<strong>FFR</strong>');
    expect(html).not.toContain('javascript:');
    expect(html).toContain('<ul><li>un</li><li>deux</li></ul>');
    expect(html).not.toContain('<script');
  });
  it('turns loose text into paragraphs', () => {
    expect(splitBlocks('Premier.\n\nSecond.').map((p) => p.inner)).toEqual(['Premier.', 'Second.']);
  });
});
