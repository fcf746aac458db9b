// The hand-over of a file shared from another app (Web Share Target): kept by the service worker,
// taken once by the import screen, never handed over when it came too long ago.
import { describe, expect, it } from 'vitest';
import { keepSharedFile, SHARED_FILE_MAX_AGE_MS, takeSharedFile } from './shared-file';

const csv = (name: string, text: string) => ({ name, type: 'text/csv', text: () => Promise.resolve(text) });

describe('a shared file', () => {
  it('is taken once, the last one shared', async () => {
    await keepSharedFile(csv('old.csv', 'a'), 1_000);
    await keepSharedFile(csv('strong.csv', 'Date,Exercise Name\n'), 2_000);
    expect(await takeSharedFile(3_000)).toEqual({ name: 'strong.csv', type: 'text/csv', text: 'Date,Exercise Name\n', sharedAt: 2_000 });
    expect(await takeSharedFile(3_000)).toBeNull();
  });

  it('is dropped, not handed over, when no screen took it in time', async () => {
    await keepSharedFile(csv('forgotten.csv', 'x'), 0);
    expect(await takeSharedFile(SHARED_FILE_MAX_AGE_MS + 1)).toBeNull();
    expect(await takeSharedFile(0)).toBeNull();
  });
});
