/**
 * The one HTML escape of server and web: text put into HTML that is assembled as a string (chart tooltips, emails,
 * printable pages) goes through it, so a name, a translation or an uploaded value is shown as text, never run.
 */
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ENTITIES[c]!);
}
