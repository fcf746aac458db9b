// The /api/v1 contract: runtime schemas (zod/mini) and the wire types inferred from them. The
// server validates with them and the app parses pulled answers with them, so the two cannot
// drift apart silently.
export * from './common';
export * from './profile';
export * from './booking';
export * from './notifications';
export * from './push';
export * from './appointments';
export * from './courses';
export * from './training';
export * from './account';
export * from './shop';
export * from './feed';
export * from './recurring';
export * from './client-reports';
export * from './checkin';
export * from './friends';
