// The stories' visual check on the Vitest side (a browser command, run in Node): the story's page is captured as
// Vitest's `toMatchScreenshot` captures it (Playwright's element screenshot of the body: animations stopped, caret
// hidden, device scale) and compared with its baseline by the same measure (Blazediff's pixelmatch-compatible
// `diff`, Vitest's defaults and this project's tolerance). What differs is the decoding: sharp (libspng, off the
// event loop) instead of pngjs in JavaScript, which took a third of the Vitest process's time in the stories
// (39 of 122 CPU-s, and more in garbage collection), and identical pixels are told by one comparison of the buffers.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { diff } from '@blazediff/core';
import sharp from 'sharp';
import type { BrowserCommand } from 'vitest/node';
import type {} from '@vitest/browser-playwright';

/** Pixels may differ by this much in colour (0–1) before they count as different. */
const threshold = 0.2;
/** The share of the picture's pixels that may differ: anti-aliasing noise passes, a moved element does not. */
const allowedMismatchedPixelRatio = 0.002;
/** How long a story's page may keep changing before its picture is called unstable. */
const stableWithinMs = 5_000;

interface Decoded {
  data: Buffer;
  width: number;
  height: number;
}

export interface PictureComparison {
  pass: boolean;
  /** Why it failed, in Vitest's words. */
  message?: string;
  /** The differing pixels in red over the reference, as a PNG, when the sizes match. */
  diff?: Buffer;
}

const decode = async (png: Buffer): Promise<Decoded> => {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
};

/** Compares two PNG pictures as Vitest's pixelmatch comparator does, with this project's tolerance. */
export async function comparePictures(
  referencePng: Buffer,
  actualPng: Buffer,
  { withDiff = false }: { withDiff?: boolean } = {},
): Promise<PictureComparison> {
  const [reference, actual] = await Promise.all([decode(referencePng), decode(actualPng)]);
  if (reference.width !== actual.width || reference.height !== actual.height)
    return {
      pass: false,
      message: `Expected image dimensions to be ${reference.width}×${reference.height}px, but received ${actual.width}×${actual.height}px.`,
    };
  if (reference.data.equals(actual.data)) return { pass: true };
  const output = withDiff ? new Uint8Array(reference.data.length) : undefined;
  const mismatched = diff(reference.data, actual.data, output, reference.width, reference.height, {
    threshold,
    includeAA: false,
    alpha: 0.1,
    aaColor: [255, 255, 0],
    diffColor: [255, 0, 0],
  });
  const area = reference.width * reference.height;
  if (mismatched <= allowedMismatchedPixelRatio * area) return { pass: true };
  return {
    pass: false,
    message: `${mismatched} pixels (ratio ${(Math.ceil((mismatched / area) * 100) / 100).toFixed(2)}) differ.`,
    ...(output && {
      diff: await sharp(output, { raw: { width: reference.width, height: reference.height, channels: 4 } })
        .png()
        .toBuffer(),
    }),
  };
}

/** What the browser gets back: the verdict and why (the diff stays in Node, written to a file). */
export type StoryPictureResult = Omit<PictureComparison, 'diff'>;

/** Where a story's baseline and its failure pictures live, from the story file's package and the picture's name. */
export type PicturePaths = (
  testPath: string,
  name: string,
) => { reference: string; actual: string; diff: string };

/** A picture's name as a file name, as Vitest's matcher makes it: `--` becomes `-`, nothing but word characters. */
export const pictureFileName = (name: string) =>
  name
    .replace(/\s+/g, '-')
    .replace(/[^\w-]+/g, '')
    .replace(/-{2,}/g, '-');

const write = async (path: string, png: Buffer) => {
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, png);
};

/**
 * The browser command: captures the story's page, compares it with its baseline and writes what a reviewer needs
 * when it differs. As Vitest's matcher: a picture that differs is taken again until two captures in a row agree
 * (the page has settled), and only that one is judged; `vitest -u` writes the new baseline; a missing baseline is
 * written beside the stories (or, on CI, only among the diffs) and fails the story until it is reviewed.
 */
export const matchStoryPicture =
  (paths: PicturePaths): BrowserCommand<[name: string], Promise<StoryPictureResult>> =>
  async (context, name) => {
    if (!context.testPath) throw new Error('A story picture is taken inside a story file');
    const {
      reference: referencePath,
      actual: actualPath,
      diff: diffPath,
    } = paths(context.testPath, pictureFileName(name));
    const update = context.project.serializedConfig.snapshotOptions.updateSnapshot;
    const body = context.iframe.locator('body');
    const capture = () => body.screenshot({ animations: 'disabled', caret: 'hide', scale: 'device' });
    const reference = await readFile(referencePath).catch(() => null);
    let actual = await capture();

    if (reference === null) {
      if (update === 'none') {
        await write(actualPath, actual);
        return {
          pass: false,
          message: `No existing reference screenshot found.\nActual screenshot: ${actualPath}`,
        };
      }
      await write(referencePath, actual);
      return {
        pass: false,
        message: `No existing reference screenshot found; a new one was created. Review it before running tests again.\nReference screenshot: ${referencePath}`,
      };
    }
    if ((await comparePictures(reference, actual)).pass) return { pass: true };

    // Not the reference: wait for the page to settle, then judge the settled picture.
    const deadline = Date.now() + stableWithinMs;
    for (;;) {
      const next = await capture();
      const settled = (await comparePictures(actual, next)).pass;
      actual = next;
      if (settled) break;
      if (Date.now() > deadline)
        return { pass: false, message: `Could not capture a stable screenshot within ${stableWithinMs}ms.` };
    }
    const judged = await comparePictures(reference, actual, { withDiff: true });
    if (judged.pass) return { pass: true };
    if (update === 'all') {
      await write(referencePath, actual);
      return { pass: true };
    }
    await write(actualPath, actual);
    if (judged.diff) await write(diffPath, judged.diff);
    return {
      pass: false,
      message: [
        `Screenshot does not match the stored reference.\n${judged.message}`,
        `Reference screenshot: ${referencePath}`,
        `Actual screenshot: ${actualPath}`,
        ...(judged.diff ? [`Diff image: ${diffPath}`] : []),
      ].join('\n'),
    };
  };
