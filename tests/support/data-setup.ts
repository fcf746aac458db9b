// Dexie needs an IndexedDB; node has none.
import 'fake-indexeddb/auto';
