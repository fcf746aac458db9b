// In-memory copies of member data (caches kept for speed) register here, so the wipe on
// sign-out, or when another member signs in, empties them with the tables.
const clearers = new Set<() => void>();
let epoch = 0;

/** Register a cache of member data; returns the unregistration. */
export function registerMemberMemory(clear: () => void): () => void {
  clearers.add(clear);
  return () => clearers.delete(clear);
}

/**
 * Changes at every wipe: a read that started under an older epoch may carry the previous
 * member's rows and must not be remembered.
 */
export function memberMemoryEpoch(): number {
  return epoch;
}

export function clearMemberMemory(): void {
  epoch += 1;
  for (const clear of clearers) {
    try {
      clear();
    } catch (error) {
      console.error('Clearing a member cache failed', error);
    }
  }
}
