/**
 * The one place the site decodes a chosen file before uploading it. A name or a type proves nothing (a text file
 * called harbour.png arrives as image/png, and the bucket only sees that claim), so every upload asks the browser
 * to decode the bytes first; what it cannot decode is refused with the feature's own words, never uploaded.
 */
export class UnreadableImageError extends Error {
  constructor() {
    super('The file could not be decoded as a picture.');
    this.name = 'UnreadableImageError';
  }
}

/** The decoded picture (close it when done); throws UnreadableImageError when the bytes are not a picture. */
export async function openImage(file: Blob): Promise<ImageBitmap> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    throw new UnreadableImageError();
  }
  if (!bitmap.width || !bitmap.height) {
    bitmap.close();
    throw new UnreadableImageError();
  }
  return bitmap;
}

/** A picture's size in pixels, or null when the browser cannot decode the file as a picture. */
export async function decodeImage(file: Blob): Promise<{ width: number; height: number } | null> {
  try {
    const bitmap = await openImage(file);
    const size = { width: bitmap.width, height: bitmap.height };
    bitmap.close();
    return size;
  } catch (err) {
    if (err instanceof UnreadableImageError) return null;
    throw err;
  }
}
