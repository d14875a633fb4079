// Test support: a strict little XML parser (no DTDs, no CDATA, no processing instructions other
// than the declaration), enough to prove the feeds are well-formed and read them back. Node has no
// DOMParser and the project installs no XML library.

export type XmlNode = { name: string; attrs: Record<string, string>; children: XmlNode[]; text: string };

const NAME = /^[A-Za-z_][\w.-]*(?::[A-Za-z_][\w.-]*)?/;
const INVALID_CHAR = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;
const PREDEFINED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decode(raw: string, where: string): string {
  if (raw.includes('<')) throw new Error(`"<" in ${where}`);
  if (INVALID_CHAR.test(raw)) throw new Error(`character not allowed in XML 1.0 in ${where}`);
  return raw.replace(/&([^;]*);?/g, (match, ref: string) => {
    if (!match.endsWith(';')) throw new Error(`unterminated entity in ${where}`);
    if (ref in PREDEFINED) return PREDEFINED[ref]!;
    const num = /^#(?:x([0-9a-fA-F]+)|([0-9]+))$/.exec(ref);
    if (num) return String.fromCodePoint(parseInt(num[1] ?? num[2]!, num[1] ? 16 : 10));
    throw new Error(`unknown entity &${ref}; in ${where}`);
  });
}

/** Parses a document and returns its root element; throws on anything not well-formed. */
export function parseXml(xml: string): XmlNode {
  let i = 0;
  const rest = () => xml.slice(i);
  const decl = /^<\?xml[^?]*\?>\s*/.exec(xml);
  if (decl) i = decl[0].length;
  const stack: XmlNode[] = [];
  let root: XmlNode | null = null;
  while (i < xml.length) {
    if (xml.startsWith('<!--', i)) {
      const end = xml.indexOf('-->', i);
      if (end < 0) throw new Error('unterminated comment');
      i = end + 3;
    } else if (xml.startsWith('</', i)) {
      const m = /^<\/([^\s>]+)\s*>/.exec(rest());
      const open = stack.pop();
      if (!m || !open || open.name !== m[1]) throw new Error(`mismatched end tag ${m?.[1]} for ${open?.name}`);
      i += m[0].length;
    } else if (xml[i] === '<') {
      const name = NAME.exec(xml.slice(i + 1))?.[0];
      if (!name) throw new Error(`bad tag at ${i}`);
      i += 1 + name.length;
      const node: XmlNode = { name, attrs: {}, children: [], text: '' };
      for (;;) {
        const attr = /^\s+([^\s=/>]+)\s*=\s*("([^"]*)"|'([^']*)')/.exec(rest());
        if (!attr) break;
        if (!NAME.test(attr[1]!) || attr[1] !== NAME.exec(attr[1]!)![0]) throw new Error(`bad attribute name ${attr[1]}`);
        if (attr[1]! in node.attrs) throw new Error(`duplicate attribute ${attr[1]}`);
        node.attrs[attr[1]!] = decode(attr[3] ?? attr[4] ?? '', `attribute ${attr[1]}`);
        i += attr[0].length;
      }
      const close = /^\s*(\/?)>/.exec(rest());
      if (!close) throw new Error(`bad tag end in <${name}>`);
      i += close[0].length;
      const parent = stack[stack.length - 1];
      if (parent) parent.children.push(node);
      else if (root) throw new Error('more than one root element');
      else root = node;
      if (!close[1]) stack.push(node);
    } else {
      const end = xml.indexOf('<', i);
      const raw = xml.slice(i, end < 0 ? xml.length : end);
      const parent = stack[stack.length - 1];
      if (parent) parent.text += decode(raw, `<${parent.name}>`);
      else if (raw.trim()) throw new Error('text outside the root element');
      i += raw.length;
    }
  }
  if (stack.length) throw new Error(`unclosed <${stack[stack.length - 1]!.name}>`);
  if (!root) throw new Error('no root element');
  return root;
}

/** Descendants (depth-first) with the given name. */
export function findAll(node: XmlNode, name: string): XmlNode[] {
  return node.children.flatMap((c) => [...(c.name === name ? [c] : []), ...findAll(c, name)]);
}

export function textOf(node: XmlNode, name: string): string | undefined {
  return node.children.find((c) => c.name === name)?.text;
}
