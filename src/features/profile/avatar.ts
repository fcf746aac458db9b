// Profile photo upload (see docs/decisions.md#profile-photo): the server signs a permission
// (GET /profile/image_auth), and the picture goes straight to the upload endpoint as a form POST,
// as to an object store. Online, with progress; offline (or cut off mid-way) the picture waits in
// the outbox (its bytes in IndexedDB) and goes up once back online, with a fresh permission then.
// The service worker replays it too: no window or document here.
import { apiRequest } from '../../data/api/client';
import { db } from '../../data/db';
import { getAuthState } from '../../data/sync/auth-row';
import { commandTransaction, enqueue, registerOp } from '../../data/sync/outbox';
import { keepAnswered, touchKey } from '../../data/sync/touches';
import { inTransaction } from '../../data/transaction';
import { ApiError, NetworkError } from '../../data/api/errors';
import { LocalRefusal } from '../../../core/errors';
import type { Profile } from '../../../core/contract/types';

export const AVATAR_UPLOAD = 'profile.avatar';

interface ImageAuth {
  url: string;
  fields: Record<string, string>;
  max_bytes: number;
}

export interface AvatarArgs {
  profileId: number;
  /** The cropped picture; bytes, not a Blob, so every IndexedDB (and its test stand-in) keeps it. */
  bytes: ArrayBuffer;
  type: string;
}

function imageAuth(type: string): Promise<ImageAuth> {
  return apiRequest<ImageAuth>('GET', `/profile/image_auth?content_type=${encodeURIComponent(type)}`, { scope: null });
}

function form(auth: ImageAuth, picture: Blob): FormData {
  const body = new FormData();
  for (const [key, value] of Object.entries(auth.fields)) body.set(key, value);
  body.set('file', picture, 'avatar');
  return body;
}

async function answer(status: number, text: string): Promise<Profile['avatar']> {
  const parsed = (() => {
    try {
      return JSON.parse(text) as { avatar?: Profile['avatar']; code?: string; message?: string };
    } catch {
      return {};
    }
  })();
  if (status === 201 && parsed.avatar) return parsed.avatar;
  throw new ApiError(status, { code: parsed.code ?? 'upload_refused', message: parsed.message ?? 'The picture was not accepted.' } as ConstructorParameters<typeof ApiError>[1]);
}

/** Uploads with fetch (the outbox and the service worker). */
async function sendAvatar(args: AvatarArgs): Promise<Profile['avatar']> {
  const auth = await imageAuth(args.type);
  let res: Response;
  try {
    res = await fetch(auth.url, { method: 'POST', body: form(auth, new Blob([args.bytes], { type: args.type })), credentials: 'same-origin' });
  } catch (error) {
    throw new NetworkError('failed', error instanceof Error ? error.message : 'Network error', { cause: error });
  }
  return answer(res.status, await res.text());
}

/** Uploads now with progress (0 to 1); a network failure rejects with NetworkError. */
function uploadWithProgress(picture: Blob, onProgress: (fraction: number) => void): Promise<Profile['avatar']> {
  return imageAuth(picture.type).then(
    (auth) =>
      new Promise((resolve, reject) => {
        const xhr = new XMLHttpRequest();
        xhr.open('POST', auth.url);
        xhr.upload.onprogress = (event) => event.lengthComputable && onProgress(event.loaded / event.total);
        xhr.onload = () => answer(xhr.status, xhr.responseText).then(resolve, reject);
        xhr.onerror = () => reject(new NetworkError('failed', 'The upload was cut off.'));
        xhr.send(form(auth, picture));
      }),
  );
}

function keepAvatar(profileId: number, avatar: Profile['avatar']): Promise<void> {
  return keepAnswered<Profile>('profiles', profileId, { avatar });
}

async function queue(picture: Blob): Promise<void> {
  const bytes = await picture.arrayBuffer();
  await commandTransaction([db.profiles], async () => {
    const auth = await inTransaction(getAuthState());
    if (auth.status !== 'authenticated' || auth.profileId === null) throw new LocalRefusal('signed_out', 'Not signed in');
    // Only the newest picture matters: one still waiting is replaced.
    const waiting = await db.outbox.filter((entry) => entry.op === AVATAR_UPLOAD).toArray();
    await db.outbox.bulkDelete(waiting.filter((e) => e.status !== 'sending').map((e) => e.seq!));
    await inTransaction(enqueue(AVATAR_UPLOAD, { profileId: auth.profileId, bytes, type: picture.type } satisfies AvatarArgs, [touchKey('profiles', auth.profileId)]));
  });
}

/**
 * Sets the member's photo: uploaded at once when online (progress reported), else, or when the
 * connection drops mid-way, kept to upload later. Resolves 'uploaded' or 'waiting'.
 */
export async function setAvatar(picture: Blob, onProgress: (fraction: number) => void, online: boolean): Promise<'uploaded' | 'waiting'> {
  const auth = await getAuthState();
  if (auth.status !== 'authenticated' || auth.profileId === null) throw new LocalRefusal('signed_out', 'Not signed in');
  if (online) {
    try {
      await keepAvatar(auth.profileId, await uploadWithProgress(picture, onProgress));
      return 'uploaded';
    } catch (error) {
      if (!(error instanceof NetworkError)) throw error;
    }
  }
  await queue(picture);
  return 'waiting';
}

export function registerAvatarOps(): void {
  registerOp<AvatarArgs, Profile['avatar']>(AVATAR_UPLOAD, {
    send: (args) => sendAvatar(args),
    tables: ['profiles'],
    onSuccess: (avatar, args) => keepAvatar(args.profileId, avatar),
  });
}
