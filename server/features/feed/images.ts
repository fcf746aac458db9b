import { randomBytes } from 'node:crypto';
import { ApiError } from '../../http/errors';
import { remakePicture } from '../../uploads/pictures';
import type { FileStore } from '../../uploads/store';

// A post's picture, from staff: read by sharp (JPEG, PNG or WebP only, never SVG), made into a
// WebP at most 1280 px wide with metadata dropped, served from /uploads/posts like profile photos.

export const POST_IMAGE_MAX_BYTES = 8 * 1024 * 1024;
const WIDTH = 1280;

export async function storePostImage(store: FileStore, bytes: Buffer): Promise<string> {
  if (bytes.length > POST_IMAGE_MAX_BYTES) throw new ApiError(413, 'payload_too_large', 'The picture can be at most 8 MB.');
  const [out] = (await remakePicture(bytes, [(picture) => picture.rotate().resize({ width: WIDTH, withoutEnlargement: true }).webp({ quality: 82 })])) ?? [];
  if (!out) throw new ApiError(422, 'not_an_image', 'The file is not a JPEG, PNG or WebP picture.');
  const name = `post-${randomBytes(12).toString('hex')}.webp`;
  await store.put(`posts/${name}`, out, 'image/webp');
  return `/uploads/posts/${name}`;
}
