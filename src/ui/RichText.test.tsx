import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { RichText, splitBlocks } from './RichText';

describe('page rich text', () => {
  it('keeps known blocks and sanitises their content', () => {
    const html = renderToStaticMarkup(
      <RichText
        html={
          '<h2>Éditeur</h2><p>La <strong>FFR</strong>, <a href="javascript:alert(1)">piège</a></p><ul><li>un</li><li>deux</li></ul><script>alert(1)</script>'
        }
      />,
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

  it('keeps a nested list inside its item, and the items after it in the outer list', () => {
    const render = (html: string) => renderToStaticMarkup(<RichText html={html} />);
    expect(render('<ul><li>a<ul><li>b</li></ul></li><li>c</li></ul>')).toBe('<div><ul><li>a<ul><li>b</li></ul></li><li>c</li></ul></div>');
    expect(render('<ol><li>1<ol><li>1.1</li><li>1.2</li></ol></li><li>2</li></ol><p>fin</p>')).toBe(
      '<div><ol><li>1<ol><li>1.1</li><li>1.2</li></ol></li><li>2</li></ol><p>fin</p></div>',
    );
    expect(
      render(
        '<ul>\n<li>Billets\n<ol class="x"><li>Adultes</li><li>Enfants <ul><li>- de 12 ans</li></ul></li></ol>\n</li>\n<li>Accès</li>\n</ul>',
      ),
    ).toBe('<div><ul><li>Billets\n<ol><li>Adultes</li><li>Enfants <ul><li>- de 12 ans</li></ul></li></ol>\n</li><li>Accès</li></ul></div>');
  });
  it('ends a quote at its own end tag, not at the one of a quote inside it', () => {
    expect(renderToStaticMarkup(<RichText html={'<blockquote>x<blockquote>q</blockquote>y</blockquote><p>z</p>'} />)).toBe(
      '<div><blockquote>x q y</blockquote><p>z</p></div>',
    );
  });
});
