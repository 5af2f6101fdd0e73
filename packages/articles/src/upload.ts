import type { SupabaseClient } from '@supabase/supabase-js';
import { ArticleError, type UploadedImage } from './api.ts';
import {
  articleImagesBucket,
  imageCacheControl,
  imageFileName,
  imageProblem,
  imageProblemMessage,
  type ImageNameOptions,
} from './images.ts';

/**
 * `uploadArticleImage` with upload progress, for the browser: the same Storage call (POST
 * /storage/v1/object/article-images/{name}, `cache-control: max-age=3600`, `x-upsert: false`) sent with
 * XMLHttpRequest, whose upload events supabase-js does not expose. `anonKey` is the project's public key (the
 * gateway wants it beside the user's token).
 */
export async function uploadArticleImageWithProgress(
  client: SupabaseClient,
  file: File,
  options: ImageNameOptions & { anonKey: string; onProgress?: (fraction: number) => void },
): Promise<UploadedImage> {
  const problem = imageProblem(file);
  if (problem) throw new ArticleError('image-rejected', imageProblemMessage(problem, `“${file.name}”`));
  const path = imageFileName(file.name, { ...options, type: file.type });
  const publicUrl = client.storage.from(articleImagesBucket).getPublicUrl(path).data.publicUrl;
  const uploadUrl = publicUrl.replace('/storage/v1/object/public/', '/storage/v1/object/');
  const { data } = await client.auth.getSession();
  const token = data.session?.access_token;
  if (!token) throw new ArticleError('forbidden', 'Sign in again to upload images.');
  await new Promise<void>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', uploadUrl);
    xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.setRequestHeader('apikey', options.anonKey);
    xhr.setRequestHeader('x-upsert', 'false');
    xhr.setRequestHeader('cache-control', `max-age=${imageCacheControl}`);
    xhr.setRequestHeader('Content-Type', file.type);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) options.onProgress?.(e.loaded / e.total);
    };
    xhr.onerror = () =>
      reject(new ArticleError('network', 'The upload broke off. Check your connection and try again.'));
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) return resolve();
      let body: { statusCode?: string; error?: string; message?: string } = {};
      try {
        body = JSON.parse(xhr.responseText) as typeof body;
      } catch {
        // not JSON
      }
      if (body.statusCode === '409' || body.error === 'Duplicate')
        return reject(
          new ArticleError('image-exists', 'An image with this name already exists; it was not replaced.'),
        );
      if (xhr.status === 413 || xhr.status === 415 || body.statusCode === '413' || body.statusCode === '415')
        return reject(
          new ArticleError(
            'image-rejected',
            `The server refused the image: ${body.message ?? xhr.statusText}`,
          ),
        );
      reject(new ArticleError('unknown', body.message || 'The image could not be uploaded.'));
    };
    xhr.send(file);
  });
  options.onProgress?.(1);
  return { path, publicUrl };
}
