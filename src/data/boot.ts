// Starts the data layer once per page: API client wiring, the queued-write handlers, the
// session check and the sync triggers.
import { connectApi, restoreSession } from './auth';
import { registerCommandOps } from './commands';
import { startSync } from './sync/triggers';

let booted = false;

export function bootDataLayer(): void {
  if (booted) return;
  booted = true;
  connectApi();
  registerCommandOps();
  void restoreSession();
  startSync();
}
