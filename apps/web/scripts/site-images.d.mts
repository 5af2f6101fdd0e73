import type { ImageFormat, ImageSet } from '@pentland/site-data';
import type { Plugin } from 'vite';

export declare function renderings(
  sets: readonly ImageSet[],
): { set: ImageSet; width: number; format: ImageFormat; fileName: string }[];

export declare function siteImagesPlugin(options: {
  sets: readonly ImageSet[];
  /** Where the masters (`<master>.svg`) are stored. */
  mastersDir: string;
  /** Where renderings are kept between builds. */
  cacheDir: string;
}): Plugin;
