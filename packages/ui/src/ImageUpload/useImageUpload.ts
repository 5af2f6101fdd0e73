import { useCallback, useRef, useState } from 'react';
import { UnreadableImageError } from './decodeImage.ts';
import { prepareImage } from './prepareImage.ts';

export interface UploadedImageResult {
  url: string;
  width: number;
  height: number;
}

export type ImageUploadState =
  | { kind: 'idle' }
  | { kind: 'processing'; name: string }
  | { kind: 'uploading'; name: string; progress: number }
  | { kind: 'done'; image: UploadedImageResult }
  | { kind: 'error'; message: string };

export interface ImageUploadOptions {
  /** Sends the prepared file; reports progress 0–1; resolves to its public URL. Rejections show their message. */
  upload: (file: File, onProgress: (fraction: number) => void) => Promise<{ url: string }>;
  /** What is wrong with a file (type before resizing, size after), or null. */
  check: (file: { type: string; size: number; name: string }) => string | null;
  /** What to say of a file the browser cannot decode as a picture (the feature's own words). */
  unreadable?: (name: string) => string;
  /** Longest side after downscaling, in px. */
  maxSide: number;
  onUploaded?: (image: UploadedImageResult) => void;
}

/** Check → downscale in the browser → upload with progress, as one state for an ImageUpload field. */
export function useImageUpload({ upload, check, unreadable, maxSide, onUploaded }: ImageUploadOptions) {
  const [state, setState] = useState<ImageUploadState>({ kind: 'idle' });
  const run = useRef(0);
  const select = useCallback(
    async (file: File) => {
      const id = ++run.current;
      const current = (s: ImageUploadState) => {
        if (run.current === id) setState(s);
      };
      // The type first (a PDF is refused before anything is read); the size after downscaling.
      const typeProblem = check({ type: file.type, size: 1, name: file.name });
      if (typeProblem) return current({ kind: 'error', message: typeProblem });
      current({ kind: 'processing', name: file.name });
      let prepared;
      try {
        prepared = await prepareImage(file, maxSide);
      } catch (err) {
        // Nothing has been uploaded: a file that is not a picture never reaches the bucket.
        const message =
          err instanceof UnreadableImageError
            ? (unreadable?.(file.name) ?? `“${file.name}” is not a picture we can use. Choose another image.`)
            : 'The picture could not be prepared. Choose it again.';
        return current({ kind: 'error', message });
      }
      const sizeProblem = check(prepared.file);
      if (sizeProblem) return current({ kind: 'error', message: sizeProblem });
      current({ kind: 'uploading', name: file.name, progress: 0 });
      try {
        const { url } = await upload(prepared.file, (p) =>
          current({ kind: 'uploading', name: file.name, progress: Math.max(0, Math.min(1, p)) }),
        );
        const image = { url, width: prepared.width, height: prepared.height };
        current({ kind: 'done', image });
        if (run.current === id) onUploaded?.(image);
      } catch (err) {
        current({
          kind: 'error',
          message: err instanceof Error ? err.message : 'The image could not be uploaded.',
        });
      }
    },
    [check, unreadable, maxSide, onUploaded, upload],
  );
  const reset = useCallback(() => {
    run.current++;
    setState({ kind: 'idle' });
  }, []);
  return { state, select, reset };
}
