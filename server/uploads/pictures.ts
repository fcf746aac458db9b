import type { Sharp } from 'sharp';
import { createWorkQueue } from '../work/queue';

// Pictures members and staff send (profile photos, post pictures) are read and made again here
// with sharp: what the bytes really are (JPEG, PNG or WebP; never SVG), then WebP copies without
// metadata. Decoding is heavy: a 40-megapixel picture takes some 160 MB and a core while it is
// made, and sharp's work runs on Node's thread pool, which file reads and the API's compression
// share. So pictures are made one at a time per process, each on one libvips thread, with
// libvips' cache off (it would keep decoded pictures after their request): a burst of uploads
// waits its turn and members' other requests keep their speed.

/** The most pixels a picture may have (a 40-megapixel phone photo passes). */
export const PICTURE_MAX_PIXELS = 40_000_000;
export const PICTURE_SLOTS = 1;
export const pictureWork = createWorkQueue(PICTURE_SLOTS);

// sharp (libvips) is loaded with the first picture, not at every start.
let loaded: Promise<typeof import('sharp')> | undefined;
function loadSharp(): Promise<typeof import('sharp')> {
  return (loaded ??= import('sharp').then((module) => {
    module.default.concurrency(1);
    module.default.cache(false);
    return module;
  }));
}

export type PictureFormat = 'jpeg' | 'png' | 'webp';
const FORMATS: readonly string[] = ['jpeg', 'png', 'webp'] satisfies PictureFormat[];

/**
 * Reads the bytes as a picture (of `expected` format when given) and makes each output from it,
 * one after the other in one turn of the queue. null when the bytes are not a JPEG, PNG or WebP
 * picture sharp can read within the pixel limit: empty (sharp throws on those at once, not in its
 * promise), broken, SVG or another format, or too large.
 */
export async function remakePicture(bytes: Buffer, outputs: readonly ((picture: Sharp) => Sharp)[], expected?: PictureFormat): Promise<Buffer[] | null> {
  if (bytes.length === 0) return null;
  return pictureWork.run(async () => {
    const { default: sharp } = await loadSharp();
    const open = () => sharp(bytes, { limitInputPixels: PICTURE_MAX_PIXELS });
    try {
      const { format } = await open().metadata();
      if (!format || !FORMATS.includes(format) || (expected !== undefined && format !== expected)) return null;
      const made: Buffer[] = [];
      for (const output of outputs) made.push(await output(open()).toBuffer());
      return made;
    } catch {
      return null;
    }
  });
}
