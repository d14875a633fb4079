// Test support: proves the feeds are well-formed and reads them back, with a parser that is not ours
// (fast-xml-parser), so a mistake in our writer is not mirrored by a mistake in our reader. Its
// validator checks tags, nesting and attributes; the XML 1.0 rules it lets through are checked here
// (see `wellFormed`). No DTD: only the five predefined entities, as the feeds use.
import { decodeXML } from 'entities/decode';
import { XMLParser, XMLValidator } from 'fast-xml-parser';

export type XmlNode = { name: string; attrs: Record<string, string>; children: XmlNode[]; text: string };

/** fast-xml-parser's preserveOrder shape: one key (the name, or #text, #cdata, #comment, ?pi) and ':@' for attributes. */
type OrderedNode = Record<string, unknown> & { ':@'?: Record<string, string> };

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  // Values as written: strings, spaces kept, references decoded below (after their check).
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  processEntities: false,
  cdataPropName: '#cdata',
  commentPropName: '#comment',
});

/** XML 1.0 §2.2 Char: what a document may hold, raw or as a character reference. */
const NOT_XML_CHAR = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;
const PREDEFINED = new Set(['amp', 'lt', 'gt', 'quot', 'apos']);

/** Text or an attribute value as written, checked, then decoded. */
function decode(raw: string, where: string): string {
  for (const [, ref] of raw.matchAll(/&([^;]*);/g)) {
    const num = /^#(?:x([0-9a-fA-F]+)|([0-9]+))$/.exec(ref!);
    const code = num ? Number.parseInt(num[1] ?? num[2]!, num[1] ? 16 : 10) : undefined;
    // WFC: Legal Character (a reference names a Char); WFC: Entity Declared (no DTD: the five only).
    if (code !== undefined ? code > 0x10ffff || NOT_XML_CHAR.test(String.fromCodePoint(code)) : !PREDEFINED.has(ref!)) {
      throw new Error(`reference &${ref}; not allowed in ${where}`);
    }
  }
  return decodeXML(raw);
}

const nameOf = (node: OrderedNode) => Object.keys(node).find((key) => key !== ':@')!;
const isElement = (name: string) => !name.startsWith('#') && !name.startsWith('?');

function toNode(node: OrderedNode): XmlNode {
  const name = nameOf(node);
  const attrs: Record<string, string> = {};
  for (const [attr, raw] of Object.entries(node[':@'] ?? {})) {
    // WFC: No < in Attribute Values.
    if (raw.includes('<')) throw new Error(`"<" in attribute ${attr} of <${name}>`);
    attrs[attr] = decode(raw, `attribute ${attr} of <${name}>`);
  }
  const result: XmlNode = { name, attrs, children: [], text: '' };
  for (const child of node[name] as OrderedNode[]) {
    const kind = nameOf(child);
    if (kind === '#text') {
      const raw = String(child['#text']);
      // §2.4: "]]>" cannot appear in character data.
      if (raw.includes(']]>')) throw new Error(`"]]>" in <${name}>`);
      result.text += decode(raw, `<${name}>`);
    } else if (kind === '#cdata') {
      result.text += (child['#cdata'] as OrderedNode[]).map((c) => String(c['#text'])).join('');
    } else if (isElement(kind)) {
      result.children.push(toNode(child));
    }
  }
  return result;
}

/** Parses a document and returns its root element; throws on anything not well-formed. */
export function parseXml(xml: string): XmlNode {
  const valid = XMLValidator.validate(xml);
  if (valid !== true) throw new Error(`${valid.err.code}: ${valid.err.msg} (line ${valid.err.line}, column ${valid.err.col})`);
  if (NOT_XML_CHAR.test(xml)) throw new Error('character not allowed in XML 1.0');
  // §2.1 document: exactly one root element (the validator misses a second after an empty one).
  const roots = (parser.parse(xml) as OrderedNode[]).filter((node) => isElement(nameOf(node)));
  if (roots.length !== 1) throw new Error(`${roots.length} root elements`);
  return toNode(roots[0]!);
}

/** Descendants (depth-first) with the given name. */
export function findAll(node: XmlNode, name: string): XmlNode[] {
  return node.children.flatMap((c) => [...(c.name === name ? [c] : []), ...findAll(c, name)]);
}

export function textOf(node: XmlNode, name: string): string | undefined {
  return node.children.find((c) => c.name === name)?.text;
}
