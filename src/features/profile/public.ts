// What other features may use of profile: the profile edit command (training turns its log on)
// and the member's preferences (units, leaderboard visibility).
export { updateProfile } from './commands/profile';
export { useHiddenFromLeaderboards, useMeasurementUnits } from './preferences';
