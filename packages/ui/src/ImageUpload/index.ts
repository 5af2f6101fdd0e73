export { ImageUpload, type ImageUploadProps } from './ImageUpload.tsx';
export {
  useImageUpload,
  type ImageUploadOptions,
  type ImageUploadState,
  type UploadedImageResult,
} from './useImageUpload.ts';
export { prepareImage, type PreparedImage } from './prepareImage.ts';
export { decodeImage, openImage, UnreadableImageError } from './decodeImage.ts';
export * from './cropSquare.ts';
