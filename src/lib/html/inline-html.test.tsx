import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { InlineHtml, htmlToText } from './inline-html';

const render = (html: string) => renderToStaticMarkup(<InlineHtml html={html} />);

/**
 * No element but the allowed ones, no attribute but href/title/target/rel, no href but a safe one,
 * whatever the input. React always writes attributes as name="value" with `"` escaped, which makes
 * the output simple to read back.
 */
function expectOnlyAllowedMarkup(out: string) {
  const tag = /<(\/?)([a-z]+)((?:\s[a-zA-Z-]+="[^"]*")*)\/?>/g;
  let tags = 0;
  for (const m of out.matchAll(tag)) {
    tags++;
    expect(['strong', 'b', 'em', 'i', 'u', 'sup', 'sub', 'a', 'br']).toContain(m[2]);
    for (const [, name, value] of m[3]!.matchAll(/\s([a-zA-Z-]+)="([^"]*)"/g)) {
      expect(['href', 'title', 'target', 'rel']).toContain(name);
      if (name === 'href') expect(value).toMatch(/^(https?:\/\/|mailto:|tel:|\/(?![/\\]))/);
    }
  }
  // Every "<" left is the start of one of those tags: anything else was escaped.
  expect(out.split('<').length - 1).toBe(tags);
}

describe('InlineHtml: allowed markup', () => {
  it('keeps the formatting elements', () => {
    expect(render('<strong>gras</strong>, <b>b</b>, <em>it</em>, <i>i</i>, <u>s</u>, 1<sup>er</sup>, H<sub>2</sub>O')).toBe(
      '<strong>gras</strong>, <b>b</b>, <em>it</em>, <i>i</i>, <u>s</u>, 1<sup>er</sup>, H<sub>2</sub>O',
    );
  });

  it('reads every form of line break', () => {
    expect(render('a<br>b<br/>c<BR />d</br>e')).toBe('a<br/>b<br/>c<br/>d<br/>e');
  });

  it('drops <span> and unknown tags but keeps what they contain', () => {
    expect(render('<span style="color:red">rouge</span> et <font color="red"><strong>gras</strong></font>')).toBe(
      'rouge et <strong>gras</strong>',
    );
    expect(render('<p>Premier</p><p>second</p>')).toBe('Premier second ');
  });

  it('drops attributes of formatting elements', () => {
    expect(render('<strong class="x" style="color:red" onclick="alert(1)">t</strong>')).toBe('<strong>t</strong>');
  });

  it('escapes text', () => {
    expect(render('3 < 5 && 6 > 4')).toBe('3 &lt; 5 &amp;&amp; 6 &gt; 4');
  });
});

describe('InlineHtml: links', () => {
  it('keeps site paths as they are', () => {
    expect(render('<a href="/categories/xv-de-france">Les Bleus</a>')).toBe('<a href="/categories/xv-de-france">Les Bleus</a>');
  });

  it('adds rel="noopener" to external links and keeps target=_blank only when given', () => {
    expect(render('<a href="https://www.ffr.fr/equipes" title="Site &amp; co">ffr.fr</a>')).toBe(
      '<a href="https://www.ffr.fr/equipes" title="Site &amp; co" rel="noopener">ffr.fr</a>',
    );
    expect(render('<a href="https://www.ffr.fr/" target="_blank">ffr.fr</a>')).toBe(
      '<a href="https://www.ffr.fr/" target="_blank" rel="noopener">ffr.fr</a>',
    );
    expect(render('<a href="https://www.ffr.fr/" target="_top">ffr.fr</a>')).toBe(
      '<a href="https://www.ffr.fr/" rel="noopener">ffr.fr</a>',
    );
  });

  it('allows mailto: and tel:', () => {
    expect(render('<a href="mailto:presse@ffr.fr">presse@ffr.fr</a>')).toBe('<a href="mailto:presse@ffr.fr">presse@ffr.fr</a>');
    expect(render('<a href="tel:+33169636465">01 69 63 64 65</a>')).toBe('<a href="tel:+33169636465">01 69 63 64 65</a>');
  });

  it('drops links without an address or without text', () => {
    expect(render('<a name="ancre">texte</a>')).toBe('texte');
    expect(render('avant<a href="/x"></a>après')).toBe('avantaprès');
    expect(render('<a href="/x"><img src="/a.jpg"></a>')).toBe('');
  });

  it('does not nest links', () => {
    expect(render('<a href="/a">un <a href="/b">deux</a></a>')).toBe('<a href="/a">un </a><a href="/b">deux</a>');
  });
});

describe('InlineHtml: hostile input', () => {
  const attacks: Array<[string, string]> = [
    ['<a href="javascript:alert(1)">clic</a>', 'clic'],
    ['<a href="JaVaScRiPt:alert(1)">clic</a>', 'clic'],
    ['<a href="  javascript:alert(1)">clic</a>', 'clic'],
    ['<a href="java\tscript:alert(1)">clic</a>', 'clic'],
    ['<a href="java&#x73;cript:alert(1)">clic</a>', 'clic'],
    ['<a href="java&#115cript:alert(1)">clic</a>', 'clic'],
    ['<a href="jav&#x09;ascript:alert(1)">clic</a>', 'clic'],
    ['<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">clic</a>', 'clic'],
    ['<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">clic</a>', 'clic'],
    ['<a href="vbscript:msgbox(1)">clic</a>', 'clic'],
    ['<a href="//evil.example/">clic</a>', 'clic'],
    ['<a href="/\\evil.example/">clic</a>', 'clic'],
    ['<img src=x onerror=alert(1)>', ''],
    ['<img src="x" onerror="alert(1)"/>photo', 'photo'],
    ['<svg onload=alert(1)><circle/></svg>', ''],
    ['avant<script>alert(1)</script>après', 'avantaprès'],
    ['avant<SCRIPT type="text/javascript">alert("<b>x</b>")</SCRIPT >après', 'avantaprès'],
    ['<script>var s = "</scr" + "ipt>"; alert(1)</script>ok', 'ok'],
    ['avant<script>alert(1)', 'avant'],
    ['<style>body{display:none}</style>visible', 'visible'],
    ['<iframe src="https://evil.example"><p>repli</p></iframe>fin', 'fin'],
    ['a<!-- <script>alert(1)</script> -->b', 'ab'],
    ['a<!-- jamais fermé <b>x</b>', 'a'],
    ['<![CDATA[<script>alert(1)</script>]]>', 'alert(1)]]&gt;'],
  ];
  it.each(attacks)('neutralises %s', (input, expected) => {
    const out = render(input);
    expect(out).toBe(expected);
    expectOnlyAllowedMarkup(out);
  });

  it('keeps event handlers out of links', () => {
    expect(render('<a href="/x" onmouseover="alert(1)" style="x">t</a>')).toBe('<a href="/x">t</a>');
  });

  it('escapes quotes inside attributes (no breaking out)', () => {
    const out = render('<a href="/x" title=\'il a dit "bravo" > fin\'>t</a>');
    expect(out).toBe('<a href="/x" title="il a dit &quot;bravo&quot; &gt; fin">t</a>');
    // The quote decoded from &quot; is text of the title, escaped again on the way out.
    const breakout = render('<a href="/x" title="x&quot; onclick=&quot;alert(1)">t</a>');
    expect(breakout).toBe('<a href="/x" title="x&quot; onclick=&quot;alert(1)">t</a>');
    expectOnlyAllowedMarkup(breakout);
    expectOnlyAllowedMarkup(render('<a href="/x&quot; onclick=&quot;alert(1)">t</a>'));
    expectOnlyAllowedMarkup(render('<a href=/x onclick=alert(1)>t</a>'));
    expectOnlyAllowedMarkup(render(`<a href="/x" title='"><script>alert(1)</script>'>t</a>`));
  });

  it('never lets a broken "<script" through', () => {
    const out = render('<<script>script>alert(1)<</script>/script>');
    expect(out).not.toContain('<script');
    expectOnlyAllowedMarkup(out);
  });
});

describe('InlineHtml: broken markup never throws', () => {
  it('closes what is left open and ignores stray end tags', () => {
    expect(render('<strong>non fermé')).toBe('<strong>non fermé</strong>');
    expect(render('</em>texte</strong>')).toBe('texte');
    expect(render('<strong>gras <em>les deux</strong> fin</em>')).toBe('<strong>gras <em>les deux</em></strong> fin');
  });

  it('keeps unfinished tags as text rather than losing words', () => {
    expect(render('a <b')).toBe('a &lt;b');
    expect(render('<a href="/x>lien')).toBe('&lt;a href=&quot;/x&gt;lien');
    expect(render('</>')).toBe('&lt;/&gt;');
  });

  it('survives hostile nesting', () => {
    const deep = '<b>'.repeat(10_000) + 'fond' + '</b>'.repeat(10_000);
    const out = render(deep);
    expect(out).toContain('fond');
    expect(out.match(/<b>/g)!.length).toBeLessThan(30);
  });

  it('handles empty and odd input', () => {
    for (const input of ['', '<', '>', '&', '&#', '&#x;', '<a', '<a href', '<a href=', '<!--', '<!', '<?', '</', '<br', '<b/>x']) {
      expect(() => render(input)).not.toThrow();
    }
  });
});

describe('entities', () => {
  it('renders decoded text escaped again', () => {
    expect(render('&lt;script&gt;alert(1)&lt;/script&gt;')).toBe('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(render('L&rsquo;&eacute;quipe')).toBe('L’équipe');
  });
});

describe('htmlToText', () => {
  it('gives the reader-visible text', () => {
    expect(htmlToText('L&rsquo;équipe <strong>de France</strong><br>XV <script>alert(1)</script>')).toBe('L’équipe de France XV');
    expect(htmlToText('  &nbsp;  ')).toBe(''); // an empty paragraph WordPress uses as a spacer
  });
});

describe('InlineHtml: random markup', () => {
  // Pieces of tags, quotes, entities and schemes glued at random: whatever comes out must hold
  // the allow-list, and nothing may throw.
  const PIECES = [
    '<',
    '>',
    '/',
    '"',
    "'",
    '=',
    ' ',
    '&',
    ';',
    '#',
    'x',
    '<a',
    '<a href=',
    'href="',
    'javascript:',
    'java&#x73;cript:',
    '&#106;',
    'https://ffr.fr',
    '/chemin',
    'mailto:a@b.fr',
    '<script>',
    '</script>',
    '<style>',
    '<!--',
    '-->',
    '<b>',
    '</b>',
    '<strong>',
    '<br>',
    '<img src=x ',
    'onerror=alert(1)',
    'onclick="',
    '<span>',
    '</a>',
    'target=_blank',
    'title=',
    '&quot;',
    '&lt;',
    'texte',
    '<iframe>',
    '</iframe',
    '<![CDATA[',
    '<svg/onload=alert(1)>',
    '\t',
    '\n',
    '&#0;',
    '&amp;',
  ];
  let seed = 20261122;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };

  it('holds the allow-list on 2 000 random inputs', () => {
    for (let n = 0; n < 2000; n++) {
      let input = '';
      const length = 1 + Math.floor(random() * 25);
      for (let k = 0; k < length; k++) input += PIECES[Math.floor(random() * PIECES.length)];
      let out = '';
      expect(() => (out = render(input)), input).not.toThrow();
      expectOnlyAllowedMarkup(out);
    }
  });
});

describe('French text from WordPress', () => {
  it('sets the spaces before « : ? ! ; » and inside guillemets that the editor typed as ordinary ones', () => {
    expect(render('<strong>Téléphone :</strong> « oui » ?')).toBe('<strong>Téléphone\u202f:</strong> «\u202foui\u202f»\u202f?');
    expect(render('<a href="https://www.ffr.fr">ffr.fr</a> à 20:30')).toBe(
      '<a href="https://www.ffr.fr/" rel="noopener">ffr.fr</a> à 20:30',
    );
  });

  it('makes a phone number in the text a link to dial it, on one line; not inside a link', () => {
    expect(render('<strong>Téléphone :</strong> +33 1 69 63 64 65<br>')).toBe(
      '<strong>Téléphone\u202f:</strong> <a class="nowrap" href="tel:+33169636465">+33\u00a01\u00a069\u00a063\u00a064\u00a065</a><br/>',
    );
    expect(render('<a href="tel:0169636465">01 69 63 64 65</a>')).toBe('<a href="tel:0169636465">01 69 63 64 65</a>');
  });
});

describe('InlineHtml: character references', () => {
  it('decodes them in attributes with the attribute rules (a query string stays as written)', () => {
    expect(render('<a href="/recherche?q=x&copy=2&amp;page=2" title="C&oelig;ur &hearts; &eacute ">t</a>')).toBe(
      '<a href="/recherche?q=x&amp;copy=2&amp;page=2" title="Cœur ♥ é">t</a>',
    );
  });

  it('decodes them in text with the text rules', () => {
    expect(render('&hearts; &numero;&nbsp;15 &eacute <b>&copy2025</b>')).toBe('♥ №\u00a015 é <b>©2025</b>');
  });
});
