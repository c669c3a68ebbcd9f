/** Escaping text for HTML and SVG: the report shows user-facing strings (tags, messages) that may hold `<`, `&` or quotes. */

/** Text safe inside an element or a double-quoted attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
