// The poster fonts: the theme's Inter, as the same WOFF files for the canvas (FontFace) and the PDF (embedded).
import regular from '@fontsource/inter/files/inter-latin-400-normal.woff?url';
import italic from '@fontsource/inter/files/inter-latin-400-italic.woff?url';
import bold from '@fontsource/inter/files/inter-latin-700-normal.woff?url';
import boldItalic from '@fontsource/inter/files/inter-latin-700-italic.woff?url';
import type { TextLayer } from '@pentland/poster';

export type FontKey = `${400 | 700}-${'normal' | 'italic'}`;

export const fontFiles: Record<FontKey, string> = {
  '400-normal': regular,
  '400-italic': italic,
  '700-normal': bold,
  '700-italic': boldItalic,
};

export const fontKey = (layer: Pick<TextLayer, 'fontWeight' | 'fontStyle'>): FontKey =>
  `${layer.fontWeight}-${layer.fontStyle}`;

/** Inter's vertical metrics (hhea ascender 1984, descender -494, 2048 units per em). */
export const INTER_ASCENT = 1984 / 2048;
export const INTER_DESCENT = 494 / 2048;

/** The canvas font family: a private name, so the page's own Inter faces (other files) never stand in. */
export const CANVAS_FAMILY = 'PosterInter';

let loading: Promise<void> | undefined;

/** Loads the four faces into the document (once); the canvas draws only after this. */
export function loadPosterFonts(): Promise<void> {
  loading ??= Promise.all(
    (Object.entries(fontFiles) as [FontKey, string][]).map(async ([key, url]) => {
      const [weight, style] = key.split('-') as [string, string];
      const face = new FontFace(CANVAS_FAMILY, `url(${url})`, { weight, style });
      await face.load();
      document.fonts.add(face);
    }),
  ).then(() => undefined);
  return loading;
}

export const canvasFont = (layer: Pick<TextLayer, 'fontWeight' | 'fontStyle'>, px: number): string =>
  `${layer.fontStyle} ${layer.fontWeight} ${px}px ${CANVAS_FAMILY}`;
