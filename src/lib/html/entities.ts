// HTML character references, decoded as browsers do. WordPress sends titles and text with entities
// (get_the_title runs wptexturize: ’ becomes &#8217;), so every boundary that reads its text uses this.
// The `entities` package follows WHATWG HTML: its whole list of named character references, and
// numeric references as the spec maps them (&#146; is ’ as in windows-1252; &#0; and surrogates
// are U+FFFD).
import { DecodingMode, decodeHTML, decodeHTMLAttribute } from 'entities/decode';

/**
 * Text between tags. As in browsers, the legacy references the spec lists without a semicolon
 * (&eacute, &amp, &copy…) are decoded without it too, and unknown names stay as written.
 */
export function decodeEntities(text: string): string {
  return text.includes('&') ? decodeHTML(text, DecodingMode.Legacy) : text;
}

/**
 * An attribute value. WHATWG HTML, named character reference state: in an attribute, a legacy
 * reference without its semicolon followed by "=" or a letter or digit stays as written, so that
 * query strings survive (href="?a=1&copy=2" keeps its "&copy=").
 */
export function decodeAttribute(value: string): string {
  return value.includes('&') ? decodeHTMLAttribute(value) : value;
}
