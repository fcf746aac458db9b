// The device's store of error reports and speed samples waiting to be sent (issue 29): bounded, so
// a flood of errors (or a long offline spell) cannot fill the device. One report per fingerprint:
// a repeat adds to its count instead of being stored again; once CLIENT_REPORTS.maxErrors groups
// wait, a new group is dropped (the first errors are usually the cause of the later ones).
// Speed samples keep the newest CLIENT_REPORTS.maxVitals.
import { CLIENT_REPORTS } from '../../../core/limits';
import type { ClientErrorReport, WebVitalSample } from '../../../core/contract/client-reports';
import { db } from '../../data/db';

const MAX_COUNT = 1_000_000;

/** Stores the reports (already scrubbed) in one transaction; returns how many groups are new. */
export async function storeErrorReports(reports: readonly ClientErrorReport[]): Promise<number> {
  if (reports.length === 0) return 0;
  return db.transaction('rw', db.clientErrors, async () => {
    let added = 0;
    let stored = await db.clientErrors.count();
    for (const report of reports) {
      const same = await db.clientErrors.where('fingerprint').equals(report.fingerprint).first();
      if (same) {
        await db.clientErrors.update(same.id, { count: Math.min(MAX_COUNT, same.count + report.count) });
      } else if (stored < CLIENT_REPORTS.maxErrors) {
        await db.clientErrors.add(report);
        stored += 1;
        added += 1;
      }
    }
    return added;
  });
}

/** Stores speed samples, keeping the newest maxVitals. */
export async function storeVitals(samples: readonly WebVitalSample[]): Promise<void> {
  if (samples.length === 0) return;
  await db.transaction('rw', db.clientVitals, async () => {
    await db.clientVitals.bulkPut([...samples]);
    const over = (await db.clientVitals.count()) - CLIENT_REPORTS.maxVitals;
    if (over > 0) await db.clientVitals.orderBy('at').limit(over).delete();
  });
}

