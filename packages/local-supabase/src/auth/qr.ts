/** The TOTP enrolment picture: an SVG that carries the otpauth URI. */
function esc(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

export function totpQrSvg(uri: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="60" viewBox="0 0 320 60"><title>${esc(uri)}</title><rect width="320" height="60" fill="#fff"/><text x="8" y="34" font-family="monospace" font-size="10">${esc(uri.slice(0, 60))}</text></svg>`;
}
