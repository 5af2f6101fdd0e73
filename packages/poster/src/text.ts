import { MM_PER_INCH, POINTS_PER_INCH, type TextLayer } from './document.ts';

/** Width of `text` at a font size of 1 (any unit): the renderer's own measure (canvas, PDF font metrics). */
export type MeasureText = (text: string) => number;

/**
 * Breaks text into lines no wider than `maxWidth` (in font-size units, i.e. `maxWidth / fontSize` for a
 * measure at size 1): hard breaks at '\n', then greedy word wrap; a word wider than the line is broken between
 * characters. Both the editor's canvas and the PDF export lay text out with this, so lines break alike.
 */
export function wrapText(text: string, maxWidth: number, measure: MeasureText): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    const words = paragraph.split(/ +/);
    let line = '';
    for (const word of words) {
      const candidate = line ? `${line} ${word}` : word;
      if (measure(candidate) <= maxWidth) {
        line = candidate;
        continue;
      }
      if (line) lines.push(line);
      line = word;
      if (measure(word) <= maxWidth) continue;
      // The word alone is too wide: break it between characters.
      let piece = '';
      for (const ch of Array.from(word)) {
        if (piece && measure(piece + ch) > maxWidth) {
          lines.push(piece);
          piece = ch;
        } else piece += ch;
      }
      line = piece;
    }
    lines.push(line);
  }
  return lines;
}

/** A text layer's font size in millimetres (sizes are points). */
export const fontSizeMm = (layer: Pick<TextLayer, 'fontSize'>): number =>
  (layer.fontSize / POINTS_PER_INCH) * MM_PER_INCH;

/** The lines of a text layer, given a measure at font size 1 in the same unit as millimetres per em. */
export function layoutText(layer: TextLayer, measure: MeasureText): string[] {
  return wrapText(layer.text, layer.width / fontSizeMm(layer), measure);
}
