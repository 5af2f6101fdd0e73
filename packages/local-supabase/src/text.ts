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

/**
 * The `<link rel="icon">` of the backend's own pages (the development sign-in, the mail catcher), inline so the
 * browser does not ask for a /favicon.ico the backend does not have: a dark square with a key.
 */
export const devPageIcon = `<link rel="icon" href="data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="#0b3d5c"/><circle cx="12" cy="16" r="5" fill="none" stroke="#fff" stroke-width="3"/><path d="M17 16h10M23 16v5" stroke="#fff" stroke-width="3"/></svg>',
)}">`;
