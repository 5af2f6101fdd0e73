// The site's Inter (src/theme/fonts/inter-latin-wght-400-700.woff2, made by scripts/subset-inter.ts): what is
// committed is what the script makes from the installed @fontsource-variable/inter, it keeps every character of the
// latin face, and its weights are the ones the tokens and inter.css ask for.
import { readFile } from 'node:fs/promises';
import { Blob, Face } from 'harfbuzzjs';
import subsetFont from 'subset-font';
import { describe, expect, it } from 'vitest';
import {
  interOutput,
  interSource,
  interWeights,
  latinCodePoints,
  subsetInter,
} from '../scripts/subset-inter.ts';
import { tokens } from '../src/theme/tokens.ts';

/** The face's character map and variation axes (harfbuzz reads TrueType, so the WOFF2 is unpacked first). */
async function faceOf(woff2: Buffer) {
  const all = String.fromCodePoint(...Array.from({ length: 0x3000 }, (_, c) => c));
  const face = new Face(new Blob(await subsetFont(woff2, all, { targetFormat: 'truetype' })));
  return { characters: [...face.collectUnicodes()].sort((a, b) => a - b), axes: face.getAxisInfos() };
}

describe("the site's Inter", () => {
  it('is what scripts/subset-inter.ts makes from the installed @fontsource-variable/inter', async () => {
    const committed = await readFile(interOutput);
    expect(Buffer.compare(await subsetInter(), committed), 'run `pnpm --filter @pentland/ui run fonts`').toBe(
      0,
    );
  });

  it("maps every character of fontsource's latin range that the full face maps, and weighs 400 to 700", async () => {
    const [source, cut] = await Promise.all([
      faceOf(await readFile(interSource)),
      faceOf(await readFile(interOutput)),
    ]);
    const latin = new Set(await latinCodePoints());
    expect(cut.characters).toEqual(source.characters.filter((c) => latin.has(c)));
    expect(cut.characters.length).toBeGreaterThan(200);
    expect(source.axes.wght).toMatchObject({ min: 100, default: 400, max: 900 });
    expect(cut.axes.wght).toMatchObject({ min: interWeights.min, default: 400, max: interWeights.max });
  });

  it('has every weight the tokens use, and inter.css declares that range and that file', async () => {
    for (const weight of Object.values(tokens.fontWeight).map(Number)) {
      expect(weight).toBeGreaterThanOrEqual(interWeights.min);
      expect(weight).toBeLessThanOrEqual(interWeights.max);
    }
    const css = await readFile(new URL('../src/theme/inter.css', import.meta.url), 'utf8');
    expect(css).toContain(`font-weight: ${interWeights.min} ${interWeights.max};`);
    expect(css).toContain(`url('./fonts/inter-latin-wght-400-700.woff2')`);
  });
});
