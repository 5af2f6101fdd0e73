/**
 * The canonical form of a path: query and hash dropped, repeated slashes collapsed,
 * trailing slashes removed; the root keeps its slash.
 */
export function canonicalPath(path: string): string {
  const bare = path.replace(/[?#].*$/s, '');
  const segments = splitPath(bare);
  return `/${segments.join('/')}`;
}

export function splitPath(path: string): string[] {
  return path.split('/').filter((s) => s !== '');
}
