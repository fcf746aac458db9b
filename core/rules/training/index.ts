export * from './rep-scheme';
export * from './lift';
export * from './scoring';
export * from './workout';
export * from './lifts';
export * from './leaderboard';
export * from './lift-plan';
export * from './plates';
