/**
 * Modules found by `import.meta.glob` (`./features/<feature>/…/<Name>.tsx`), by file name — which must be unique
 * across the features (`what` names them in the error: 'pages', 'islands').
 */
export function filesByName(files: readonly string[], what: string): Map<string, string> {
  const byName = new Map<string, string>();
  for (const file of files) {
    const name = file.slice(file.lastIndexOf('/') + 1, -'.tsx'.length);
    const other = byName.get(name);
    if (other) throw new Error(`Two ${what} are called ${name}: ${other} and ${file}`);
    byName.set(name, file);
  }
  return byName;
}

/** A globbed file's module as the Vite manifest names it (`./features/a/B.tsx` → `src/features/a/B.tsx`). */
export const manifestKey = (file: string): string => `src/${file.slice(2)}`;
