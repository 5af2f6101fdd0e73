import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { comparePictures, pictureFileName } from './story-picture.ts';

const width = 40;
const height = 30;

type Colour = [number, number, number];
type Painted = [x: number, y: number, colour: Colour];

/** A white picture with the given pixels painted, as a PNG. */
async function picture(painted: Painted[] = [], w = width, h = height) {
  const data = Buffer.alloc(w * h * 4, 255);
  for (const [x, y, [r, g, b]] of painted) data.set([r, g, b, 255], (y * w + x) * 4);
  return sharp(data, { raw: { width: w, height: h, channels: 4 } })
    .png()
    .toBuffer();
}

/** A square of pixels, `size` wide, from (x0, y0). */
const block = (x0: number, y0: number, size: number, colour: Colour): Painted[] =>
  Array.from({ length: size * size }, (_, i) => [x0 + (i % size), y0 + Math.floor(i / size), colour]);

describe("the stories' picture comparison", () => {
  it('passes the same picture', async () => {
    expect(await comparePictures(await picture(), await picture())).toEqual({ pass: true });
  });

  it('passes a difference within the tolerance: one pixel in 1,200 (0.2 % may differ)', async () => {
    expect(await comparePictures(await picture(), await picture([[3, 4, [0, 0, 0]]]))).toEqual({
      pass: true,
    });
  });

  it('passes a colour change below the threshold', async () => {
    expect(await comparePictures(await picture(), await picture(block(0, 0, 10, [250, 250, 250])))).toEqual({
      pass: true,
    });
  });

  it('fails a moved or recoloured element, and draws where', async () => {
    const result = await comparePictures(await picture(), await picture(block(5, 5, 10, [200, 0, 0])), {
      withDiff: true,
    });
    expect(result.pass).toBe(false);
    expect(result.message).toBe('100 pixels (ratio 0.09) differ.');
    const diff = await sharp(result.diff).raw().toBuffer({ resolveWithObject: true });
    expect(diff.info).toMatchObject({ width, height });
    const at = (x: number, y: number) => [
      ...diff.data.subarray((y * width + x) * 4, (y * width + x) * 4 + 3),
    ];
    expect(at(7, 7)).toEqual([255, 0, 0]);
    expect(at(30, 20)).not.toEqual([255, 0, 0]);
  });

  it('fails a picture of another size', async () => {
    expect(await comparePictures(await picture(), await picture([], width, height + 1))).toEqual({
      pass: false,
      message: 'Expected image dimensions to be 40×30px, but received 40×31px.',
    });
  });
});

describe("a picture's file name", () => {
  it('is the story id and width as Vitest named the baselines, and stays inside the folder', () => {
    expect(pictureFileName('kit-components-button--busy-1280')).toBe('kit-components-button-busy-1280');
    expect(pictureFileName('../../etc/passwd')).toBe('etcpasswd');
  });
});
