// Makes the site's Inter (src/theme/fonts/inter-latin-wght-400-700.woff2): @fontsource-variable/inter's latin face,
// the characters of fontsource's latin range with every layout feature, its weight axis cut from 100–900 to the
// 400–700 the tokens use (tokens.ts: regular, medium, semibold, bold). The glyphs at those weights are unchanged; the
// file is about a third smaller, and it is the one file every page loads before its largest text or image paints.
// Run again after updating @fontsource-variable/inter: `pnpm --filter @pentland/ui run fonts` (test/inter-font.test.ts
// fails until the committed file is what this makes).
import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import subsetFont from 'subset-font';

/** The weights the face keeps (inter.css declares the same range). */
export const interWeights = { min: 400, max: 700 } as const;

const require = createRequire(import.meta.url);

export const interSource = require.resolve('@fontsource-variable/inter/files/inter-latin-wght-normal.woff2');
export const interOutput = fileURLToPath(
  new URL('../src/theme/fonts/inter-latin-wght-400-700.woff2', import.meta.url),
);

/**
 * The code points of fontsource's latin range (its unicode.json, as its CSS's `unicode-range` for this face): the
 * face also maps five combining marks of the Vietnamese range, which fontsource serves from another file.
 */
export async function latinCodePoints(): Promise<number[]> {
  const ranges: Record<string, string> = JSON.parse(
    await readFile(require.resolve('@fontsource-variable/inter/unicode.json'), 'utf8'),
  );
  return ranges.latin!.split(',').flatMap((range) => {
    const [first, last = first] = range
      .replace('U+', '')
      .split('-')
      .map((hex) => parseInt(hex, 16));
    return Array.from({ length: last! - first! + 1 }, (_, i) => first! + i);
  });
}

/** The cut face, as WOFF2. */
export async function subsetInter(): Promise<Buffer> {
  return subsetFont(await readFile(interSource), String.fromCodePoint(...(await latinCodePoints())), {
    targetFormat: 'woff2',
    variationAxes: { wght: interWeights },
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const font = await subsetInter();
  await writeFile(interOutput, font);
  console.log(`wrote ${interOutput} (${font.length} bytes)`);
}
