// Field rules for the sign-in and profile forms. Each returns translation keys, not text,
// so the rules stay pure and every message is translated.

import { isOneLineText, PERSON_NAME_MAX } from '../../core/limits';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isEmail(value: string): boolean {
  return EMAIL.test(value.trim());
}

/** The translation keys these rules answer with (typed, so the screens' t() checks them). */
type EmailErrorKey = 'auth.emailRequired' | 'auth.emailInvalid';
export type ProfileErrorKey =
  | EmailErrorKey
  | 'profile.firstNameRequired'
  | 'profile.lastNameRequired'
  | 'profile.nameTooLong'
  | 'profile.nameOneLine'
  // Changing the sign-in email (the profile form decides these: they need the device's state).
  | 'profile.emailNeedsConnection'
  | 'profile.currentPasswordRequired';

export interface LoginErrors {
  email?: EmailErrorKey;
  password?: 'auth.passwordRequired';
}

export function validateLogin({ email, password }: { email: string; password: string }): LoginErrors {
  const errors: LoginErrors = {};
  if (!email.trim()) errors.email = 'auth.emailRequired';
  else if (!isEmail(email)) errors.email = 'auth.emailInvalid';
  if (!password) errors.password = 'auth.passwordRequired';
  return errors;
}

export interface ProfileFormValues {
  first_name: string;
  last_name: string;
  email: string;
}

export type ProfileErrors = Partial<Record<keyof ProfileFormValues | 'current_password', ProfileErrorKey>>;


/** The server's name rules (core/contract/profile.ts#personName), as translation keys. */
function nameProblem(value: string, required: 'profile.firstNameRequired' | 'profile.lastNameRequired'): ProfileErrorKey | undefined {
  const name = value.trim();
  if (!name) return required;
  if (name.length > PERSON_NAME_MAX) return 'profile.nameTooLong';
  if (!isOneLineText(name)) return 'profile.nameOneLine';
  return undefined;
}

export function validateProfile(values: ProfileFormValues): ProfileErrors {
  const errors: ProfileErrors = {};
  const first = nameProblem(values.first_name, 'profile.firstNameRequired');
  if (first) errors.first_name = first;
  const last = nameProblem(values.last_name, 'profile.lastNameRequired');
  if (last) errors.last_name = last;
  if (!values.email.trim()) errors.email = 'auth.emailRequired';
  else if (!isEmail(values.email)) errors.email = 'auth.emailInvalid';
  return errors;
}
