// What a new password must be (sign-up and password reset), checked as the member types and again
// by the server. Length is the rule that matters (NIST SP 800-63B): no composition rules.
import { PASSWORD_MAX, PASSWORD_MIN } from '../limits';

export type PasswordProblem = 'too_short' | 'too_long' | 'blank';

export function passwordProblems(password: string): PasswordProblem[] {
  const problems: PasswordProblem[] = [];
  if (password.trim().length === 0) problems.push('blank');
  if ([...password].length < PASSWORD_MIN) problems.push('too_short');
  if ([...password].length > PASSWORD_MAX) problems.push('too_long');
  return problems;
}
