// Dexie needs an IndexedDB; node has none.
import 'fake-indexeddb/auto';

// The contract's schemas, as the page and the service worker configure them at start.
import { configureContract } from '../../src/data/api/config';
configureContract(() => import('../../core/contract/index'));
