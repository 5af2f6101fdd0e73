import { imageMimeTypes, imageSrcset, imageUrl, type ImageSet } from '@pentland/site-data';

export interface SitePictureProps {
  image: ImageSet;
  alt: string;
  /** How wide the picture shows, for the browser's choice of width; the image set's own `sizes` by default. */
  sizes?: string;
  /** The page's largest picture (its LCP element): fetched first, never lazily. */
  priority?: boolean;
}

/**
 * A picture rendered at build time from its stored master: AVIF and WebP in every width, the fallback format for
 * the rest, and the intrinsic width and height so the page does not shift while it loads.
 */
export function SitePicture({
  image,
  alt,
  sizes = image.sizes ?? '100vw',
  priority = false,
}: SitePictureProps) {
  return (
    <picture>
      {image.formats.map((format) => (
        <source
          key={format}
          type={imageMimeTypes[format]}
          srcSet={imageSrcset(image, format)}
          sizes={sizes}
        />
      ))}
      <img
        src={imageUrl(image, image.width, image.fallback)}
        srcSet={imageSrcset(image, image.fallback)}
        sizes={sizes}
        alt={alt}
        width={image.width}
        height={image.height}
        decoding={priority ? 'sync' : 'async'}
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : 'auto'}
      />
    </picture>
  );
}
