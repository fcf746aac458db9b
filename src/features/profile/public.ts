// What other features may use of profile: the profile edit command (training turns its log on).
export { updateProfile } from './commands/profile';
