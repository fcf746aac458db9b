import { describe, expect, it } from 'vitest';
import { isEmail, validateLogin, validateProfile } from './forms';

describe('sign-in form rules', () => {
  it('requires an email and a password', () => {
    expect(validateLogin({ email: ' ', password: '' })).toEqual({ email: 'auth.emailRequired', password: 'auth.passwordRequired' });
  });
  it('rejects a malformed email', () => {
    expect(validateLogin({ email: 'alex@', password: 'x' })).toEqual({ email: 'auth.emailInvalid' });
  });
  it('accepts valid input', () => {
    expect(validateLogin({ email: 'demo@example.com', password: 'demo1234' })).toEqual({});
    expect(isEmail('  a.b+c@studio.co.nz ')).toBe(true);
  });
});

describe('profile form rules', () => {
  it('requires names and a valid email, and limits name length', () => {
    expect(validateProfile({ first_name: '', last_name: 'x'.repeat(101), email: 'nope' })).toEqual({
      first_name: 'profile.firstNameRequired',
      last_name: 'profile.nameTooLong',
      email: 'auth.emailInvalid',
    });
    expect(validateProfile({ first_name: 'Alex', last_name: 'Rivera', email: 'demo@example.com' })).toEqual({});
  });
  it('refuses line breaks, tabs and other control characters in names, as the server does', () => {
    for (const bad of ['Alex\r\nBEGIN:VEVENT', 'Al\tex', 'Al\u2028ex', 'Al\u0000ex']) {
      expect(validateProfile({ first_name: bad, last_name: bad, email: 'demo@example.com' }), JSON.stringify(bad)).toEqual({ first_name: 'profile.nameOneLine', last_name: 'profile.nameOneLine' });
    }
  });
});
