import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Highlight, plainHighlight } from './highlight';
import { HIGHLIGHT_POST, HIGHLIGHT_PRE } from '../../schemas/search-request';

describe('highlight', () => {
  it('marks the matched words and escapes everything else, reading the value as plain text', () => {
    const value = `Le <script>alert(1)</script> de l’${HIGHLIGHT_PRE}équipe${HIGHLIGHT_POST} & co`;
    const html = renderToStaticMarkup(<Highlight value={value} />);
    expect(html).toBe('Le &lt;script&gt;alert(1)&lt;/script&gt; de l’<span><mark>équipe</mark> &amp; co</span>');
  });
  it('shows text that looks like an entity as written (Algolia does not escape)', () => {
    expect(renderToStaticMarkup(<Highlight value={'Tom &amp; Jerry'} />)).toBe('Tom &amp;amp; Jerry');
  });
  it('ignores stray markers and real <em> tags', () => {
    expect(renderToStaticMarkup(<Highlight value={`a ${HIGHLIGHT_POST} <em>b</em>`} />)).toBe('a ]]\u2063 &lt;em&gt;b&lt;/em&gt;');
    expect(plainHighlight(`${HIGHLIGHT_PRE}XV${HIGHLIGHT_POST} de France`)).toBe('XV de France');
  });
});
