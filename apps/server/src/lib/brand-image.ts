/**
 * Branding images (logo, favicon, login image): what the upload is, decided by its bytes, never by its name or
 * declared type. PNG and JPEG are recognised by their magic bytes and size-limited; SVG is parsed by a strict
 * allow-list parser (elements, attributes, in-document references only) and re-serialised from what was parsed, so
 * what is stored is exactly what was checked. Anything else is refused with a message naming what was found.
 */
import { BRANDING_ASSET_MAX_BYTES, type TBrandingAssetKind } from '@sextant/shared';
import { badRequest } from './errors.ts';

export interface CheckedImage {
  contentType: 'image/svg+xml' | 'image/png' | 'image/jpeg';
  content: Buffer;
}

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff]);

const refuse = (message: string) => badRequest(`file: ${message}`, [{ path: 'file', message }]);

/** Checks an uploaded branding image; throws a 400 naming the problem (nothing is stored by the caller then). */
export function checkBrandImage(kind: TBrandingAssetKind, buf: Buffer): CheckedImage {
  const max = BRANDING_ASSET_MAX_BYTES[kind];
  if (buf.length === 0) throw refuse('The file is empty');
  if (buf.length > max) throw refuse(`The file is ${kb(buf.length)}; a ${kindLabel(kind)} may be at most ${kb(max)}`);
  if (buf.subarray(0, PNG.length).equals(PNG)) {
    if (buf.length < 33 || buf.toString('latin1', 12, 16) !== 'IHDR') throw refuse('The PNG file is damaged');
    return { contentType: 'image/png', content: buf };
  }
  if (buf.subarray(0, JPEG.length).equals(JPEG)) {
    if (buf[buf.length - 2] !== 0xff || buf[buf.length - 1] !== 0xd9) throw refuse('The JPEG file is damaged');
    return { contentType: 'image/jpeg', content: buf };
  }
  const text = decodeText(buf);
  if (text !== null && /^\s*(<\?xml[^>]*\?>\s*)?(<!--[\s\S]*?-->\s*)*<svg[\s>/]/i.test(text))
    return { contentType: 'image/svg+xml', content: Buffer.from(sanitizeSvg(text), 'utf8') };
  throw refuse(`The file is not an image: a ${kindLabel(kind)} must be an SVG, PNG or JPEG file`);
}

const kb = (n: number) => (n >= 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(1)} MB` : `${Math.ceil(n / 1024)} KB`);
const kindLabel = (k: TBrandingAssetKind) => (k === 'loginImage' ? 'login image' : k);

function decodeText(buf: Buffer): string | null {
  const s = buf.toString('utf8').replace(/^\uFEFF/, '');
  // Binary data (NUL or replacement characters) is not an SVG.
  return s.includes('\u0000') || s.includes('\uFFFD') ? null : s;
}

/** Elements an SVG logo may use (shapes, text, gradients, clipping, in-document reuse). */
const ELEMENTS = new Set([
  'svg',
  'g',
  'path',
  'rect',
  'circle',
  'ellipse',
  'line',
  'polyline',
  'polygon',
  'text',
  'tspan',
  'title',
  'desc',
  'defs',
  'lineargradient',
  'radialgradient',
  'stop',
  'clippath',
  'mask',
  'use',
  'symbol',
]);

/** Elements whose content may be text. */
const TEXT_ELEMENTS = new Set(['text', 'tspan', 'title', 'desc']);

/** Attributes an SVG logo may use (geometry and presentation); xlink:href/href are checked separately. */
const ATTRIBUTES = new Set(
  [
    'xmlns',
    'xmlns:xlink',
    'version',
    'id',
    'class',
    'viewBox',
    'preserveAspectRatio',
    'width',
    'height',
    'x',
    'y',
    'x1',
    'y1',
    'x2',
    'y2',
    'cx',
    'cy',
    'r',
    'rx',
    'ry',
    'fx',
    'fy',
    'd',
    'points',
    'transform',
    'fill',
    'fill-opacity',
    'fill-rule',
    'clip-rule',
    'stroke',
    'stroke-width',
    'stroke-linecap',
    'stroke-linejoin',
    'stroke-miterlimit',
    'stroke-dasharray',
    'stroke-dashoffset',
    'stroke-opacity',
    'opacity',
    'clip-path',
    'clipPathUnits',
    'mask',
    'maskUnits',
    'maskContentUnits',
    'gradientUnits',
    'gradientTransform',
    'spreadMethod',
    'offset',
    'stop-color',
    'stop-opacity',
    'font-family',
    'font-size',
    'font-weight',
    'font-style',
    'letter-spacing',
    'text-anchor',
    'dominant-baseline',
    'text-transform',
    'dx',
    'dy',
    'style',
    'role',
    'aria-label',
    'aria-hidden',
    'focusable',
    'display',
    'visibility',
  ].map((a) => a.toLowerCase()),
);

const ENTITY = /&(?:amp|lt|gt|quot|apos|#\d{1,7}|#x[0-9a-f]{1,6});/gi;

const svgError = (message: string) => refuse(`The SVG was refused: ${message}`);

/** Parses an SVG with the allow-lists above and returns it re-serialised; throws naming the first thing refused. */
export function sanitizeSvg(input: string): string {
  let i = 0;
  const out: string[] = [];
  const stack: string[] = [];
  let seenRoot = false;
  const s = input.replace(/^\uFEFF/, '');
  while (i < s.length) {
    if (s.startsWith('<!--', i)) {
      const end = s.indexOf('-->', i + 4);
      if (end < 0) throw svgError('a comment is not closed');
      i = end + 3;
      continue;
    }
    if (s.startsWith('<?', i)) {
      const end = s.indexOf('?>', i);
      if (end < 0 || seenRoot || !/^<\?xml\s/i.test(s.slice(i, end)))
        throw svgError('processing instructions are not allowed');
      i = end + 2;
      continue;
    }
    if (s.startsWith('<!', i)) {
      const what = /^<!\[CDATA\[/i.test(s.slice(i, i + 9))
        ? 'CDATA sections are'
        : 'DOCTYPE and entity declarations are';
      throw svgError(`${what} not allowed`);
    }
    if (s.startsWith('</', i)) {
      const m = /^<\/([A-Za-z][\w:.-]*)\s*>/.exec(s.slice(i));
      if (!m) throw svgError('a closing tag is malformed');
      const name = m[1]!.toLowerCase();
      if (stack.pop() !== name) throw svgError(`</${m[1]}> does not close the open element`);
      out.push(`</${m[1]}>`);
      i += m[0].length;
      continue;
    }
    if (s[i] === '<') {
      const m = /^<([A-Za-z][\w:.-]*)/.exec(s.slice(i));
      if (!m) throw svgError('a tag is malformed');
      const tag = m[1]!;
      const name = tag.toLowerCase();
      if (name === 'script') throw svgError('it contains a <script> element; scripts are not allowed');
      if (name === 'foreignobject')
        throw svgError('it contains a <foreignObject> element; embedded HTML is not allowed');
      if (name === 'style') throw svgError('it contains a <style> element; use presentation attributes instead');
      if (!ELEMENTS.has(name)) throw svgError(`the element <${tag}> is not allowed in a logo`);
      if (!seenRoot && name !== 'svg') throw svgError('the root element must be <svg>');
      if (seenRoot && stack.length === 0) throw svgError('there is content after the closing </svg>');
      seenRoot = true;
      i += m[0].length;
      const attrs: string[] = [];
      for (;;) {
        const ws = /^\s*/.exec(s.slice(i))![0];
        i += ws.length;
        if (s.startsWith('/>', i)) {
          out.push(`<${tag}${attrs.join('')}/>`);
          i += 2;
          break;
        }
        if (s[i] === '>') {
          out.push(`<${tag}${attrs.join('')}>`);
          stack.push(name);
          i += 1;
          break;
        }
        if (!ws) throw svgError(`the <${tag}> tag is malformed`);
        const a = /^([A-Za-z_][\w:.-]*)\s*=\s*("([^"<]*)"|'([^'<]*)')/.exec(s.slice(i));
        if (!a) throw svgError(`an attribute of <${tag}> is malformed (attributes are name="value")`);
        const attr = a[1]!;
        const value = checkText(a[3] ?? a[4] ?? '');
        checkAttribute(tag, attr, value);
        attrs.push(` ${attr}="${value.replace(/"/g, '&quot;')}"`);
        i += a[0].length;
      }
      continue;
    }
    const next = s.indexOf('<', i);
    const text = s.slice(i, next < 0 ? s.length : next);
    if (text.trim()) {
      if (!stack.length || !TEXT_ELEMENTS.has(stack[stack.length - 1]!))
        throw svgError('text is allowed only inside <text>, <tspan>, <title> or <desc>');
      out.push(checkText(text).replace(/>/g, '&gt;'));
    } else if (stack.length) out.push(text);
    i = next < 0 ? s.length : next;
  }
  if (!seenRoot) throw svgError('there is no <svg> element');
  if (stack.length) throw svgError(`<${stack[stack.length - 1]}> is not closed`);
  return out.join('');
}

/** Text and attribute values: only the XML entities and character references. */
function checkText(v: string): string {
  const bare = v.replace(ENTITY, '');
  if (bare.includes('&')) throw svgError('only the XML entities (&amp; &lt; &gt; &quot; &apos;) are allowed');
  return v;
}

function checkAttribute(tag: string, attr: string, value: string): void {
  const name = attr.toLowerCase();
  if (name.startsWith('on'))
    throw svgError(`the event handler attribute ${attr} on <${tag}> is not allowed; scripts are not allowed`);
  const decoded = decodeEntities(value);
  if (name === 'href' || name === 'xlink:href') {
    if (!/^#[\w.-]+$/.test(decoded.trim()))
      throw svgError(
        `${attr}="${truncate(decoded)}" on <${tag}> refers outside the file; only #id references are allowed`,
      );
    return;
  }
  if (!ATTRIBUTES.has(name)) throw svgError(`the attribute ${attr} on <${tag}> is not allowed`);
  const compact = decoded.replace(/\s+/g, '').toLowerCase();
  if (/javascript:|vbscript:|data:|expression\(|@import|\\/.test(compact))
    throw svgError(`the value of ${attr} on <${tag}> is not allowed`);
  for (const m of compact.matchAll(/url\(([^)]*)\)/g)) {
    if (!/^['"]?#[\w.-]+['"]?$/.test(m[1]!))
      throw svgError(`${attr} on <${tag}> refers outside the file (${truncate(m[0])}); only url(#id) is allowed`);
  }
}

const codePoint = (n: number) => (n > 0 && n <= 0x10ffff ? String.fromCodePoint(n) : '');

function decodeEntities(v: string): string {
  return v
    .replace(/&#x([0-9a-f]+);/gi, (_, h: string) => codePoint(parseInt(h, 16)))
    .replace(/&#(\d+);/g, (_, d: string) => codePoint(Number(d)))
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

const truncate = (v: string) => (v.length > 60 ? `${v.slice(0, 57)}…` : v);
