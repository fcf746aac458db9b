// The photo still waiting in the outbox, for the profile to show it as "waiting to sync".
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { db } from '../../data/db';
import { AVATAR_UPLOAD, type AvatarArgs } from './avatar';

/** An object URL of the newest photo waiting to upload, or null. */
export function usePendingAvatarUrl(): string | null {
  const waiting = useLiveQuery(async () => {
    const entries = await db.outbox.filter((entry) => entry.op === AVATAR_UPLOAD).toArray();
    return (entries.at(-1)?.args as unknown as AvatarArgs | undefined) ?? null;
  }, []);
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!waiting) return setUrl(null);
    const made = URL.createObjectURL(new Blob([waiting.bytes], { type: waiting.type }));
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [waiting]);
  return url;
}
