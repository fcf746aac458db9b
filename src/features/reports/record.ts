// Turns caught errors into stored reports, for the page's reporter and the service worker: the
// member's name and email (when someone is signed in) join the caller's personal words, every
// report is scrubbed and fingerprinted, and repeats within the call are merged before one write.
import type { ClientErrorReport } from '../../../core/contract/client-reports';
import { db } from '../../data/db';
import { getAuthState } from '../../data/sync/auth-row';
import { buildErrorReport, type CapturedError } from './report';
import { storeErrorReports } from './store';

/** The signed-in member's name and email, the words a report must never carry. */
export async function memberWords(): Promise<string[]> {
  try {
    const auth = await getAuthState();
    const profile = auth.profileId === null ? undefined : await db.profiles.get(auth.profileId);
    return profile ? [profile.full_name, profile.first_name, profile.last_name, profile.email] : [];
  } catch {
    return [];
  }
}

/** Scrubs, fingerprints and stores; `personal` adds words to take out (what the page's fields hold). */
export async function recordErrors(captured: readonly CapturedError[], personal: readonly string[] = []): Promise<ClientErrorReport[]> {
  if (captured.length === 0) return [];
  const words = [...personal, ...(await memberWords())];
  const merged = new Map<string, ClientErrorReport>();
  for (const one of captured) {
    const report = buildErrorReport(one, { personal: words });
    const same = merged.get(report.fingerprint);
    if (same) same.count = Math.min(1_000_000, same.count + report.count);
    else merged.set(report.fingerprint, report);
  }
  const reports = [...merged.values()];
  await storeErrorReports(reports);
  return reports;
}
