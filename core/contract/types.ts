// Kept so existing imports of the wire types compile; new code imports from './index'.
export * from './index';
