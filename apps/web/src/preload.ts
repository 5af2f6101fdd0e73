import { imageMimeTypes, imageSrcset, imageUrl, preloadedImages, type ImageSet } from '@pentland/site-data';

function describe(image: string | ImageSet): string {
  return typeof image === 'string' ? image : imageUrl(image, image.width, image.fallback);
}

/**
 * Starts fetching one image. A responsive set is fetched as the page's `<picture>` would choose it (format and
 * width for this screen), from a detached picture element, so the page reuses the download rather than adding one.
 */
function preloadImage(image: string | ImageSet): Promise<void> {
  return new Promise<void>((resolve) => {
    const img = new Image();
    img.onload = () => resolve();
    img.onerror = () => {
      console.warn(`Failed to preload image ${describe(image)}`);
      resolve();
    };
    if (typeof image === 'string') {
      img.src = image;
      return;
    }
    const sizes = image.sizes ?? '100vw';
    const picture = document.createElement('picture');
    for (const format of image.formats) {
      const source = document.createElement('source');
      source.type = imageMimeTypes[format];
      source.srcset = imageSrcset(image, format);
      source.sizes = sizes;
      picture.append(source);
    }
    picture.append(img);
    img.sizes = sizes;
    img.srcset = imageSrcset(image, image.fallback);
    img.src = imageUrl(image, image.width, image.fallback);
  });
}

/** Starts fetching the three site images; a failure only logs a warning. */
export function preloadSiteImages(images: readonly (string | ImageSet)[] = preloadedImages): Promise<void[]> {
  return Promise.all(images.map(preloadImage));
}
