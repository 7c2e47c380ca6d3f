// hast → HTML, the string hast-util-to-html 9.0.6's `toHtml(tree)` gives with its default options, made for
// the trees pages and code blocks produce. toHtml builds an options object and a regular expression lookup
// per text and per attribute (stringify-entities), looks every property name up again (property-information)
// and joins arrays of parts per element; this writes one string and looks a property name up once.
// Anything it cannot be sure of (a node or value of a kind the rules below do not cover) gives the whole tree
// to toHtml instead, so the result is never a different string; test/hast-html.test.ts compares the two on
// every page of the site, the corpus and the fixtures, and on hand-made trees for each rule.
import type { Nodes } from 'hast';
import { toHtml } from 'hast-util-to-html';
import { htmlVoidElements } from 'html-void-elements';
import { find, html, svg, type Schema } from 'property-information';

type Info = ReturnType<typeof find>;
interface Node {
  type?: unknown;
  value?: unknown;
  tagName?: unknown;
  properties?: Record<string, unknown>;
  children?: unknown;
  content?: unknown;
}

/** Thrown where toHtml's answer is not certain: the caller gives the tree to toHtml. */
class Unsure extends Error {}

const VOIDS = new Set(htmlVoidElements);
// toHtml's character subsets with its defaults (no parse errors, no dangerous characters): each character
// becomes a hexadecimal reference, upper-case digits, never a named one. Only these ASCII characters are
// touched, so astral characters, lone surrogates and control characters pass as they are.
const TEXT_SPECIAL = /[<&]/;
const TEXT_ALL = /[<&]/g;
const VALUE_SPECIAL = /[\0"&'`]/;
const VALUE_ALL = /[\0"&'`]/g;
const NAME_ALL = /[\0\t\n\f\r "&'/<=>`]/g;
const hex = (c: string) => `&#x${c.charCodeAt(0).toString(16).toUpperCase()};`;
const escapeText = (v: string) => (TEXT_SPECIAL.test(v) ? v.replace(TEXT_ALL, hex) : v);
const escapeValue = (v: string) => (VALUE_SPECIAL.test(v) ? v.replace(VALUE_ALL, hex) : v);
// Comments: toHtml escapes `<` and `>` only inside these sequences.
const COMMENT_RISK = /^>|^->|<!--|-->|--!>|<!-$/g;
const COMMENT_CHARS = /[<>]/g;

/** A property's info and its attribute name as written (escaped once, not per element). */
interface Attr {
  info: Info;
  name: string;
}
// property-information's `find` keeps state between calls for names that start with "data" (a global
// expression's lastIndex), so those are looked up each time, in toHtml's order; other names give the same
// answer whenever they are asked.
const cached = new Map<Schema, Map<string, Attr>>([
  [html, new Map()],
  [svg, new Map()],
]);
function attrOf(schema: Schema, key: string): Attr {
  const data = key.length >= 4 && key.slice(0, 4).toLowerCase() === 'data';
  const map = cached.get(schema)!;
  let a = data ? undefined : map.get(key);
  if (a) return a;
  const info = find(schema, key) as Info | undefined;
  if (!info || typeof info.attribute !== 'string') throw new Unsure();
  a = { info, name: info.attribute.replace(NAME_ALL, hex) };
  if (!data) map.set(key, a);
  return a;
}

/** hast-util-to-html's `serializeAttribute` with default options; '' when the attribute is left out. */
function attribute(schema: Schema, key: string, raw: unknown): string {
  const { info, name } = attrOf(schema, key);
  let value = raw;
  if (info.overloadedBoolean && (value === info.attribute || value === '')) value = true;
  else if ((info.boolean || info.overloadedBoolean) && (typeof value !== 'string' || value === info.attribute || value === '')) {
    value = Boolean(value);
  }
  if (value === null || value === undefined || value === false || (typeof value === 'number' && Number.isNaN(value))) return '';
  if (value === true) return name;
  let text: string;
  if (typeof value === 'string') text = value;
  else if (Array.isArray(value)) {
    if (info.commaSeparated) {
      // comma-separated-tokens' stringify, padded on the left: a last empty entry is kept.
      text = (value[value.length - 1] === '' ? [...value, ''] : value).join(', ').trim();
    } else text = value.join(' ').trim();
  } else if (typeof value === 'number') text = String(value);
  else throw new Unsure();
  return `${name}="${escapeValue(text)}"`;
}

class Writer {
  out = '';
  schema: Schema = html;

  all(parent: Node): void {
    const children = parent.children;
    if (children === undefined || children === null) return;
    if (!Array.isArray(children)) throw new Unsure();
    for (let i = 0; i < children.length; i++) this.one(children[i] as Node, parent);
  }

  one(node: Node, parent: Node | undefined): void {
    if (node === null || typeof node !== 'object' || !Object.hasOwn(node, 'type')) throw new Unsure();
    switch (node.type) {
      case 'element':
        return this.element(node);
      case 'text':
      case 'raw': {
        // Raw HTML is escaped like text unless toHtml is told it may pass (it is not).
        const v = node.value;
        if (typeof v !== 'string') throw new Unsure();
        const tag = parent?.type === 'element' ? parent.tagName : undefined;
        this.out += tag === 'script' || tag === 'style' ? v : escapeText(v);
        return;
      }
      case 'root':
        return this.all(node);
      case 'comment': {
        const v = node.value;
        if (typeof v !== 'string') throw new Unsure();
        this.out += `<!--${v.replace(COMMENT_RISK, (m) => m.replace(COMMENT_CHARS, hex))}-->`;
        return;
      }
      case 'doctype':
        this.out += '<!doctype html>';
        return;
      default:
        throw new Unsure();
    }
  }

  element(node: Node): void {
    const tag = node.tagName;
    if (typeof tag !== 'string') throw new Unsure();
    const schema = this.schema;
    let selfClosing = schema.space === 'svg' ? false : VOIDS.has(tag.toLowerCase());
    if (schema.space === 'html' && tag === 'svg') this.schema = svg;
    let attrs = '';
    const props = node.properties;
    if (props !== undefined && props !== null) {
      if (typeof props !== 'object') throw new Unsure();
      for (const key in props) {
        const value = props[key];
        if (value === null || value === undefined) continue;
        const a = attribute(this.schema, key, value);
        if (a) attrs += attrs ? ` ${a}` : a;
      }
    }
    // HTML integration points (desc, foreignObject, title in SVG) hold HTML.
    if (this.schema.space === 'svg' && (tag === 'desc' || tag === 'foreignObject' || tag === 'title')) this.schema = html;
    this.out += attrs ? `<${tag} ${attrs}>` : `<${tag}>`;
    const before = this.out.length;
    if (schema.space === 'html' && tag === 'template') {
      const content = node.content;
      if (content !== undefined && content !== null && typeof content !== 'object') throw new Unsure();
      if (content) this.all(content as Node);
    } else this.all(node);
    this.schema = schema;
    // A void element with content is closed (toHtml's rule for `menuitem` and the like).
    if (this.out.length !== before) selfClosing = false;
    if (!selfClosing) this.out += `</${tag}>`;
  }
}

/** `toHtml(tree)` (hast-util-to-html, default options), the same string. */
export function hastToHtml(tree: Nodes): string {
  const w = new Writer();
  try {
    w.one(tree as Node, undefined);
  } catch (err) {
    if (!(err instanceof Unsure) && !(err instanceof TypeError) && !(err instanceof RangeError)) throw err;
    return toHtml(tree);
  }
  return w.out;
}
