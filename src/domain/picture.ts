// Which pictures a member may choose as their photo: JPEG, PNG and WebP, as the server takes
// (server/features/profile/avatar.ts reads them with sharp). Judged by the file's first bytes, not
// its name or type: a browser draws an SVG (or any picture it knows) on the crop canvas, and the
// app would upload a JPEG of it without a word; an SVG named photo.jpg is still an SVG.

export type PictureKind = 'jpeg' | 'png' | 'webp';

/** The first bytes the check needs. */
export const PICTURE_SIGNATURE_BYTES = 12;

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) => signature.every((byte, i) => bytes[at + i] === byte);

/** The photo's kind from its first bytes (at least PICTURE_SIGNATURE_BYTES), or null for anything else. */
export function pictureKind(bytes: Uint8Array): PictureKind | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  // RIFF....WEBP
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)) return 'webp';
  return null;
}
