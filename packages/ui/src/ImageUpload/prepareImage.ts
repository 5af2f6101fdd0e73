import { openImage } from './decodeImage.ts';

export interface PreparedImage {
  file: File;
  width: number;
  height: number;
  /** True when the image was scaled down. */
  resized: boolean;
}

/**
 * Reads an image's size in the browser and, when its longest side is over `maxSide`, redraws it that size in the
 * same format (GIFs are left alone so they keep their animation; a format the browser cannot encode is left too).
 * The file keeps its name, so the stored name keeps the original extension. A file the browser cannot decode throws
 * UnreadableImageError.
 */
export async function prepareImage(file: File, maxSide: number): Promise<PreparedImage> {
  const bitmap = await openImage(file);
  try {
    const { width, height } = bitmap;
    const scale = Math.min(1, maxSide / Math.max(width, height));
    if (scale >= 1 || file.type === 'image/gif') return { file, width, height, resized: false };
    const w = Math.max(1, Math.round(width * scale));
    const h = Math.max(1, Math.round(height * scale));
    const canvas = document.createElement('canvas');
    canvas.width = w;
    canvas.height = h;
    const ctx = canvas.getContext('2d');
    if (!ctx) return { file, width, height, resized: false };
    ctx.imageSmoothingQuality = 'high';
    ctx.drawImage(bitmap, 0, 0, w, h);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, file.type, 0.88));
    if (!blob || blob.type !== file.type) return { file, width, height, resized: false };
    return { file: new File([blob], file.name, { type: file.type }), width: w, height: h, resized: true };
  } finally {
    bitmap.close();
  }
}
