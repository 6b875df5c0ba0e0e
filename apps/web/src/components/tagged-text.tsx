/**
 * A translated text with tags (`… or <action>get a sign-in link by email</action>.`) shown with an element per tag, as
 * react-i18next's <Trans components={…}> shows it, without Trans's HTML parser (5 KB gzip on the sign-in page). Tags
 * do not nest; `<br/>`, `<strong>`, `<i>` and `<p>` without a component stay those elements (Trans keeps them too),
 * any other tag without a component shows as written; HTML entities are decoded as Trans decodes them.
 */
import { cloneElement, createElement, Fragment, type ReactElement, type ReactNode } from 'react';
import { getDefaults } from 'react-i18next';

const BASIC = new Set(['strong', 'i', 'p']);
const TAG = /<br\s*\/?>|<(\w+)>([\s\S]*?)<\/\1>/g;

function taggedNodes(text: string, components: Record<string, ReactElement>): ReactNode[] {
  const unescape = getDefaults().unescape ?? ((s: string) => s);
  const out: ReactNode[] = [];
  let last = 0;
  for (const m of text.matchAll(TAG)) {
    if (m.index > last) out.push(unescape(text.slice(last, m.index)));
    const [whole, tag, inner = ''] = m;
    const key = out.length;
    const children = unescape(inner);
    if (!tag) out.push(createElement('br', { key }));
    else if (components[tag]) out.push(cloneElement(components[tag], { key }, children));
    else if (BASIC.has(tag)) out.push(createElement(tag, { key }, children));
    else out.push(unescape(whole));
    last = m.index + whole.length;
  }
  if (last < text.length) out.push(unescape(text.slice(last)));
  return out;
}

export function TaggedText({ text, components }: { text: string; components: Record<string, ReactElement> }) {
  return createElement(Fragment, null, ...taggedNodes(text, components));
}
