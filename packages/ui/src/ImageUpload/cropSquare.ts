import { openImage } from './decodeImage.ts';

/**
 * The centre square of an image, `side` pixels a side at most (never enlarged), encoded as `type` (PNG or JPEG):
 * a profile picture. The file's name keeps its base with the new type's extension.
 */
export async function cropSquare(
  file: File,
  side: number,
  type: 'image/png' | 'image/jpeg',
): Promise<{ file: File; side: number }> {
  const bitmap = await openImage(file);
  try {
    const crop = Math.min(bitmap.width, bitmap.height);
    const out = Math.max(1, Math.min(side, crop));
    const canvas = document.createElement('canvas');
    canvas.width = out;
    canvas.height = out;
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('This browser cannot prepare pictures.');
    ctx.imageSmoothingQuality = 'high';
    if (type === 'image/jpeg') {
      // JPEG has no transparency: a transparent area becomes white, not black.
      ctx.fillStyle = '#ffffff';
      ctx.fillRect(0, 0, out, out);
    }
    ctx.drawImage(bitmap, (bitmap.width - crop) / 2, (bitmap.height - crop) / 2, crop, crop, 0, 0, out, out);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, 0.9));
    if (!blob) throw new Error('The picture could not be prepared.');
    const base = file.name.replace(/\.[^.]*$/, '') || 'avatar';
    return { file: new File([blob], `${base}.${type === 'image/png' ? 'png' : 'jpg'}`, { type }), side: out };
  } finally {
    bitmap.close();
  }
}
