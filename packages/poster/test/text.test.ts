import { describe, expect, it } from 'vitest';
import { fontSizeMm, layoutText, textLayer, wrapText } from '../src/index.ts';

// A monospace measure: every character is 0.5 em wide.
const mono = (s: string) => s.length * 0.5;

describe('text layout', () => {
  it('wraps words greedily within the width and keeps hard line breaks', () => {
    expect(wrapText('the quick brown fox jumps', 5, mono)).toEqual(['the quick', 'brown fox', 'jumps']);
    expect(wrapText('one\ntwo three', 4, mono)).toEqual(['one', 'two', 'three']);
    expect(wrapText('', 4, mono)).toEqual(['']);
  });

  it('breaks a word wider than the line between characters', () => {
    expect(wrapText('ab supercalifragilistic', 3, mono)).toEqual(['ab', 'superc', 'alifra', 'gilist', 'ic']);
  });

  it('lays a layer out with its width over its font size in millimetres', () => {
    const layer = textLayer({ text: 'aaaa bbbb', fontSize: 72, width: 25.4 * 2.5 });
    expect(fontSizeMm(layer)).toBeCloseTo(25.4);
    expect(layoutText(layer, mono)).toEqual(['aaaa', 'bbbb']);
  });
});
