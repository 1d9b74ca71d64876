/** Text made safe inside HTML or SVG, as element content or a quoted attribute. */
export function escapeMarkup(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
}
