// Field rules for the sign-in and profile forms. Each returns translation keys, not text,
// so the rules stay pure and every message is translated.

import { PERSON_NAME_MAX } from '../../core/limits';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isEmail(value: string): boolean {
  return EMAIL.test(value.trim());
}

/** The translation keys these rules answer with (typed, so the screens' t() checks them). */
type EmailErrorKey = 'auth.emailRequired' | 'auth.emailInvalid';
export type ProfileErrorKey = EmailErrorKey | 'profile.firstNameRequired' | 'profile.lastNameRequired' | 'profile.nameTooLong';

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

export type ProfileErrors = Partial<Record<keyof ProfileFormValues, ProfileErrorKey>>;


export function validateProfile(values: ProfileFormValues): ProfileErrors {
  const errors: ProfileErrors = {};
  if (!values.first_name.trim()) errors.first_name = 'profile.firstNameRequired';
  else if (values.first_name.trim().length > PERSON_NAME_MAX) errors.first_name = 'profile.nameTooLong';
  if (!values.last_name.trim()) errors.last_name = 'profile.lastNameRequired';
  else if (values.last_name.trim().length > PERSON_NAME_MAX) errors.last_name = 'profile.nameTooLong';
  if (!values.email.trim()) errors.email = 'auth.emailRequired';
  else if (!isEmail(values.email)) errors.email = 'auth.emailInvalid';
  return errors;
}
