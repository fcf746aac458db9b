/// <reference lib="webworker" />
// Web Share Target (issue 31): a CSV shared from another tracker's share sheet (Strong, Hevy) is
// posted here by the system. The worker keeps the file in IndexedDB and opens the import screen,
// which takes it (src/data/shared-file.ts): offline too, as nothing here needs the network.
import { registerRoute } from 'workbox-routing';
import { keepSharedFile, SHARE_TARGET_FIELD, SHARE_TARGET_PATH } from '../src/data/shared-file';
import { reportingFailure } from './reports';

/** Where the import screen opens: `shared` tells it to take the kept file. */
export const SHARED_IMPORT_URL = '/training/import?shared=1';

export async function receiveShare(request: Request): Promise<Response> {
  const form = await request.formData().catch(() => null);
  const file = form?.get(SHARE_TARGET_FIELD);
  // Nothing usable shared: the screen opens as usual, with its file chooser.
  if (!file || typeof file === 'string') return Response.redirect('/training/import', 303);
  await reportingFailure(keepSharedFile(file), 'share target');
  return Response.redirect(SHARED_IMPORT_URL, 303);
}

export function registerShareTarget(): void {
  registerRoute(({ url }) => url.pathname === SHARE_TARGET_PATH, ({ request }) => receiveShare(request), 'POST');
}
