export { ImageUpload, type ImageUploadProps } from './ImageUpload';
export {
  useImageUpload,
  type ImageUploadOptions,
  type ImageUploadState,
  type UploadedImageResult,
} from './useImageUpload';
export { prepareImage, type PreparedImage } from './prepareImage';
export { decodeImage, openImage, UnreadableImageError } from './decodeImage';
export * from './cropSquare';
