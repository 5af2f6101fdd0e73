/** Escaping shared by every API of the backend: one way to put text into HTML and a name into SQL. */

const HTML_ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text (or any value, as its string) safe inside HTML elements and quoted attributes. */
export function escapeHtml(value: unknown): string {
  return String(value ?? '').replace(/[&<>"']/g, (c) => HTML_ENTITIES[c]!);
}

/** A SQL identifier, double-quoted with embedded quotes doubled: any name, taken as a name only. */
export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
