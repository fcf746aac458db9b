// Sends the stored reports and speed samples in batches (POST /api/v1/client_reports), signed in or
// not, from a tab or from the service worker (Background Sync). Exactly once each, as the outbox:
// every report and sample has an id made on the device and the server keeps each id once, so a
// batch sent twice (an answer lost, a tab and the worker at once) counts nothing twice; the device
// deletes only what an answer acknowledged, and a repeat counted while a batch was on its way stays
// stored, under a new id, with the repeats the server has not seen.
import { CLIENT_REPORTS } from '../../../core/limits';
import type { ClientErrorReport, ClientReportBatch, WebVitalSample } from '../../../core/contract/client-reports';
import { classifyStatus } from '../../domain/outbox';
import { apiRequest } from '../../data/api/client';
import { ApiError } from '../../data/api/errors';
import { db } from '../../data/db';
import { newEntryId } from '../../data/sync/outbox';
import { withWebLock } from '../../data/sync/lock';

export type SendOutcome =
  /** Nothing (more) waits. */
  | 'sent'
  /** Not reachable, or the server asked to wait: kept for a later attempt. */
  | 'retry';

/** Batches sent per call at most; what is left waits for the next trigger. */
const MAX_BATCHES = 10;
const encoder = new TextEncoder();
const bytes = (value: unknown) => encoder.encode(JSON.stringify(value)).length;

/** The oldest reports and samples that fit one batch: the contract's counts and its body bytes. */
async function nextBatch(): Promise<ClientReportBatch> {
  const errors = await db.clientErrors.orderBy('at').limit(CLIENT_REPORTS.maxErrors).toArray();
  const vitals = await db.clientVitals.orderBy('at').limit(CLIENT_REPORTS.maxVitals).toArray();
  const batch: ClientReportBatch = { errors: [], vitals: [] };
  // The envelope and a comma per item.
  let size = bytes(batch);
  for (const [list, into] of [
    [errors, batch.errors],
    [vitals, batch.vitals],
  ] as [(ClientErrorReport | WebVitalSample)[], (ClientErrorReport | WebVitalSample)[]][]) {
    for (const item of list) {
      const more = bytes(item) + 1;
      if (size + more > CLIENT_REPORTS.maxBodyBytes) break;
      into.push(item);
      size += more;
    }
  }
  return batch;
}

/**
 * The server has the batch: its reports and samples go. A report counted again while the batch was
 * on its way keeps the difference, under a new id (the server has the old one).
 */
async function acknowledge(batch: ClientReportBatch): Promise<void> {
  await db.transaction('rw', db.clientErrors, db.clientVitals, async () => {
    for (const sent of batch.errors) {
      const now = await db.clientErrors.get(sent.id);
      if (!now) continue;
      await db.clientErrors.delete(sent.id);
      if (now.count > sent.count) await db.clientErrors.add({ ...now, id: newEntryId(), count: now.count - sent.count });
    }
    await db.clientVitals.bulkDelete(batch.vitals.map((vital) => vital.id));
  });
}

/**
 * Sends what waits, a batch at a time, one sender at a time across tabs and the worker. A batch the
 * server refuses for good (4xx: malformed, too large) is dropped: sent again it would be refused
 * again and hold back every later report.
 */
export function sendClientReports(): Promise<SendOutcome> {
  return withWebLock('client-reports', async () => {
    for (let round = 0; round < MAX_BATCHES; round += 1) {
      const batch = await nextBatch();
      if (batch.errors.length === 0 && batch.vitals.length === 0) return 'sent';
      try {
        await apiRequest('POST', '/client_reports', { body: batch, scope: null, skipUnauthorizedHandler: true, schema: 'clientReportsAccepted' });
      } catch (error) {
        if (!(error instanceof ApiError) || classifyStatus(error.status) !== 'reject') return 'retry';
      }
      await acknowledge(batch);
    }
    return (await db.clientErrors.count()) + (await db.clientVitals.count()) > 0 ? 'retry' : 'sent';
  });
}
