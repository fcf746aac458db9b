// The signed-out calls of password reset (no scope, and a 401 here is not a lost session).
import { apiRequest } from '../../data/api/client';
import type { Profile } from '../../../core/contract/types';

export function requestPasswordReset(email: string): Promise<void> {
  return apiRequest<void>('POST', '/password_resets', { body: { email }, scope: null, skipUnauthorizedHandler: true });
}

export function checkPasswordReset(token: string): Promise<{ expires_at: string }> {
  return apiRequest<{ expires_at: string }>('GET', `/password_resets/${encodeURIComponent(token)}`, { scope: null, skipUnauthorizedHandler: true });
}

export function completePasswordReset(token: string, password: string): Promise<Profile> {
  return apiRequest<Profile>('PUT', `/password_resets/${encodeURIComponent(token)}`, { body: { password }, scope: null, skipUnauthorizedHandler: true, schema: 'profile' });
}

export interface Invitation {
  /** The studio's terms and privacy policy to read before accepting them; null when it has none. */
  org: { id: number; name: string; terms?: string | null; privacy_policy?: string | null };
  facility: { guid: string; name: string };
  email: string;
  expires_at: string;
}

export interface SignupForm {
  first_name: string;
  last_name: string;
  email: string;
  password: string;
  locale: string;
  terms_accepted: boolean;
}

export function getInvitation(token: string): Promise<Invitation> {
  return apiRequest<Invitation>('GET', `/invite/${encodeURIComponent(token)}`, { scope: null, skipUnauthorizedHandler: true });
}

export function postSignup(token: string, form: SignupForm): Promise<Profile> {
  return apiRequest<Profile>('POST', `/signup?invite=${encodeURIComponent(token)}`, { body: { app_signup: form }, scope: null, skipUnauthorizedHandler: true, schema: 'profile' });
}

export function putAcceptInvitation(token: string): Promise<Profile> {
  return apiRequest<Profile>('PUT', `/invite/${encodeURIComponent(token)}/accept`, { scope: null, schema: 'profile' });
}
