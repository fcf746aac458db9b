// Check-in codes (issue 31, item 1; docs/decisions.md#checkin-code). A member's phone shows a QR
// code that changes every 30 s and is minted with the network cut; the front desk verifies it
// with the network cut too, knowing only the facility's public key. Two signatures:
//  - the credential: the facility's key (kept by the server) signs the member's id, name, the
//    facility and the public half of a key pair the phone made itself (its private half is
//    non-extractable and never leaves the phone), until an expiry;
//  - the code: the phone's key signs the credential with the current 30-second step.
// The desk checks both, the step against its own clock, and refuses a (credential, step) it has
// already taken (so a photo of a code works once). Typed digits, for when a camera fails: the
// credential's number and a 6-digit one-time password from a secret the server gave the phone
// (HMAC-SHA-256 over the step, as TOTP), verified by the server or by a desk that downloaded the
// secrets of the members booked there today.
// Everything here is WebCrypto (browsers and Node alike): ECDSA P-256 with SHA-256, signatures in
// WebCrypto's 64-byte r‖s form.

export const CHECKIN_STEP_SECONDS = 30;
/** Steps before the verifier's current one still taken: a code shown up to ~90 s ago, or a phone clock that runs 60 s slow. */
export const CHECKIN_STEPS_BEHIND = 2;
/** Steps after the verifier's current one taken: a phone clock that runs up to 30 s fast. */
export const CHECKIN_STEPS_AHEAD = 1;
/** How long a credential lasts; the phone asks for a new one when online before then. */
export const CHECKIN_CREDENTIAL_DAYS = 30;
/** A phone renews its credential when less than this is left. */
export const CHECKIN_RENEW_DAYS = 7;
/** The name in a credential, in UTF-8 bytes at most (cut at a character). */
export const CHECKIN_NAME_BYTES = 48;
export const CHECKIN_OTP_DIGITS = 6;

const VERSION = 1;
const CODE_PREFIX = 'MPC1:';
const ALGORITHM = { name: 'ECDSA', namedCurve: 'P-256' } as const;
const SIGN = { name: 'ECDSA', hash: 'SHA-256' } as const;
const SIGNATURE_BYTES = 64;
const PUBLIC_KEY_BYTES = 65;

export interface CredentialClaims {
  id: number;
  facilityId: number;
  profileId: number;
  /** The member's name as the desk shows it (cut to CHECKIN_NAME_BYTES). */
  name: string;
  /** Seconds since 1970. */
  expiresAt: number;
  /** The phone's public key, raw uncompressed P-256 (65 bytes). */
  publicKey: Uint8Array<ArrayBuffer>;
}

export type CheckinRefusal = 'malformed' | 'bad_signature' | 'wrong_facility' | 'credential_expired' | 'code_expired' | 'code_early' | 'bad_otp';
export type CodeCheck = { ok: true; claims: CredentialClaims; step: number } | { ok: false; reason: CheckinRefusal };

export function checkinStep(nowMs: number): number {
  return Math.floor(nowMs / 1000 / CHECKIN_STEP_SECONDS);
}

/** The step is inside the window around the verifier's clock: undefined, or why not. */
export function stepRefusal(step: number, nowMs: number): CheckinRefusal | undefined {
  const now = checkinStep(nowMs);
  if (step < now - CHECKIN_STEPS_BEHIND) return 'code_expired';
  if (step > now + CHECKIN_STEPS_AHEAD) return 'code_early';
  return undefined;
}

// --- bytes -----------------------------------------------------------------------------------

export function toBase64Url(bytes: Uint8Array): string {
  let text = '';
  for (const b of bytes) text += String.fromCharCode(b);
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Bytes of base64url text, or null when it is not base64url. */
export function fromBase64Url(text: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) return null;
  const raw = atob(text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4));
  const bytes = new Uint8Array(raw.length);
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

function cutName(name: string): Uint8Array {
  const encoder = new TextEncoder();
  let chars = [...name.trim()];
  let bytes = encoder.encode(chars.join(''));
  while (bytes.length > CHECKIN_NAME_BYTES) {
    chars = chars.slice(0, -1);
    bytes = encoder.encode(chars.join(''));
  }
  return bytes;
}

/** version 1 · id u32 · facility u32 · profile u32 · expires u32 · key 65 · name length u8 · name. */
export function credentialBody(claims: CredentialClaims): Uint8Array<ArrayBuffer> {
  if (claims.publicKey.length !== PUBLIC_KEY_BYTES) throw new Error('A check-in key is 65 bytes (raw P-256).');
  const name = cutName(claims.name);
  const body = new Uint8Array(1 + 16 + PUBLIC_KEY_BYTES + 1 + name.length);
  const view = new DataView(body.buffer);
  body[0] = VERSION;
  view.setUint32(1, claims.id);
  view.setUint32(5, claims.facilityId);
  view.setUint32(9, claims.profileId);
  view.setUint32(13, claims.expiresAt);
  body.set(claims.publicKey, 17);
  body[17 + PUBLIC_KEY_BYTES] = name.length;
  body.set(name, 18 + PUBLIC_KEY_BYTES);
  return body;
}

/** The claims and where the body ends, or null. */
function readBody(bytes: Uint8Array<ArrayBuffer>): { claims: CredentialClaims; end: number } | null {
  const fixed = 18 + PUBLIC_KEY_BYTES;
  if (bytes.length < fixed || bytes[0] !== VERSION) return null;
  const nameLength = bytes[fixed - 1]!;
  const end = fixed + nameLength;
  if (nameLength > CHECKIN_NAME_BYTES || bytes.length < end) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let name: string;
  try {
    name = new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(fixed, end));
  } catch {
    return null;
  }
  return {
    claims: { id: view.getUint32(1), facilityId: view.getUint32(5), profileId: view.getUint32(9), expiresAt: view.getUint32(13), publicKey: bytes.slice(17, 17 + PUBLIC_KEY_BYTES), name },
    end,
  };
}

function concat(...parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

function u32(value: number): Uint8Array {
  const out = new Uint8Array(4);
  new DataView(out.buffer).setUint32(0, value);
  return out;
}

// --- keys ------------------------------------------------------------------------------------

/** A facility's key pair (server) or a phone's (non-extractable private half: it cannot be copied off the phone). */
export function generateCheckinKeyPair(extractable: boolean): Promise<CryptoKeyPair> {
  return crypto.subtle.generateKey(ALGORITHM, extractable, ['sign', 'verify']) as Promise<CryptoKeyPair>;
}

export async function rawPublicKey(key: CryptoKey): Promise<Uint8Array<ArrayBuffer>> {
  return new Uint8Array(await crypto.subtle.exportKey('raw', key));
}

export function importPublicKey(jwk: JsonWebKey): Promise<CryptoKey> {
  return crypto.subtle.importKey('jwk', jwk, ALGORITHM, true, ['verify']);
}

export function importPrivateKey(jwk: JsonWebKey): Promise<CryptoKey> {
  return crypto.subtle.importKey('jwk', jwk, ALGORITHM, false, ['sign']);
}

/** A phone's public key as the server receives it (base64url raw), or null when it is not a P-256 point. */
export async function readPhoneKey(base64url: string): Promise<Uint8Array<ArrayBuffer> | null> {
  const bytes = fromBase64Url(base64url);
  if (!bytes || bytes.length !== PUBLIC_KEY_BYTES || bytes[0] !== 4) return null;
  try {
    await crypto.subtle.importKey('raw', bytes, ALGORITHM, true, ['verify']);
    return bytes;
  } catch {
    return null;
  }
}

// --- credential and code -----------------------------------------------------------------------

/** The credential the server hands a phone: body ‖ the facility's signature, base64url. */
export async function signCredential(claims: CredentialClaims, facilityPrivateKey: CryptoKey): Promise<string> {
  const body = credentialBody(claims);
  const signature = new Uint8Array(await crypto.subtle.sign(SIGN, facilityPrivateKey, body));
  return toBase64Url(concat(body, signature));
}

/** The code a phone shows at `step`: the credential, the step, the phone's signature of both. */
export async function mintCode(credential: string, phonePrivateKey: CryptoKey, step: number): Promise<string> {
  const bytes = fromBase64Url(credential);
  if (!bytes) throw new Error('The check-in credential is not base64url.');
  const signed = concat(bytes, u32(step));
  const signature = new Uint8Array(await crypto.subtle.sign(SIGN, phonePrivateKey, signed));
  return CODE_PREFIX + toBase64Url(concat(signed, signature));
}

/** Reads a credential (for the phone: what it holds), without checking its signature. */
export function readCredential(credential: string): CredentialClaims | null {
  const bytes = fromBase64Url(credential);
  const read = bytes && readBody(bytes);
  return read && bytes!.length === read.end + SIGNATURE_BYTES ? read.claims : null;
}

/**
 * Checks a scanned code as a desk of `facilityId` does at `nowMs`: the credential's facility, the
 * facility's signature of it, its expiry, the phone's signature of the step, the step's window.
 * Whether the (credential, step) was taken before is the caller's to check (its own record).
 */
export async function verifyCode(code: string, facilityPublicKey: CryptoKey, facilityId: number, nowMs: number): Promise<CodeCheck> {
  const bytes = code.startsWith(CODE_PREFIX) ? fromBase64Url(code.slice(CODE_PREFIX.length).trim()) : null;
  const read = bytes && readBody(bytes);
  if (!bytes || !read || bytes.length !== read.end + SIGNATURE_BYTES + 4 + SIGNATURE_BYTES) return { ok: false, reason: 'malformed' };
  const { claims, end } = read;
  const body = bytes.subarray(0, end);
  const credentialSignature = bytes.subarray(end, end + SIGNATURE_BYTES);
  const signed = bytes.subarray(0, end + SIGNATURE_BYTES + 4);
  const step = new DataView(bytes.buffer, bytes.byteOffset + end + SIGNATURE_BYTES, 4).getUint32(0);
  const codeSignature = bytes.subarray(end + SIGNATURE_BYTES + 4);
  // Another facility's code fails this facility's key anyway; said first, it is the clearer refusal
  // (nothing is ever accepted on a claim not yet verified).
  if (claims.facilityId !== facilityId) return { ok: false, reason: 'wrong_facility' };
  if (!(await crypto.subtle.verify(SIGN, facilityPublicKey, credentialSignature, body))) return { ok: false, reason: 'bad_signature' };
  let phoneKey: CryptoKey;
  try {
    phoneKey = await crypto.subtle.importKey('raw', claims.publicKey, ALGORITHM, false, ['verify']);
  } catch {
    return { ok: false, reason: 'bad_signature' };
  }
  if (!(await crypto.subtle.verify(SIGN, phoneKey, codeSignature, signed))) return { ok: false, reason: 'bad_signature' };
  if (claims.expiresAt * 1000 <= nowMs) return { ok: false, reason: 'credential_expired' };
  const late = stepRefusal(step, nowMs);
  return late ? { ok: false, reason: late } : { ok: true, claims, step };
}

// --- typed digits ------------------------------------------------------------------------------

/** The one-time password of a credential's secret (base64url) at `step`: HMAC-SHA-256, dynamic truncation (RFC 4226), 6 digits. */
export async function checkinOtp(secret: string, step: number): Promise<string> {
  const key = fromBase64Url(secret);
  if (!key || key.length < 16) throw new Error('A check-in secret is at least 16 bytes, base64url.');
  const hmacKey = await crypto.subtle.importKey('raw', key, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', hmacKey, concat(u32(0), u32(step))));
  const at = mac[mac.length - 1]! & 0x0f;
  const value = (((mac[at]! & 0x7f) << 24) | (mac[at + 1]! << 16) | (mac[at + 2]! << 8) | mac[at + 3]!) % 10 ** CHECKIN_OTP_DIGITS;
  return String(value).padStart(CHECKIN_OTP_DIGITS, '0');
}

/** The digits a member reads out: the credential's number, then the password ("42 · 123 456"). */
export function typedDigits(credentialId: number, otp: string): string {
  return `${credentialId} · ${otp.slice(0, 3)} ${otp.slice(3)}`;
}

/** What a desk typed, read back (spaces and dots ignored): the credential's number and the password, or null. */
export function readTypedDigits(input: string): { credentialId: number; otp: string } | null {
  const digits = input.replace(/[\s·.-]/g, '');
  if (!/^\d{7,16}$/.test(digits)) return null;
  const credentialId = Number(digits.slice(0, -CHECKIN_OTP_DIGITS));
  return credentialId > 0 && credentialId <= 0xffffffff ? { credentialId, otp: digits.slice(-CHECKIN_OTP_DIGITS) } : null;
}

/** The step in the window whose password is `otp`, or null (each step compared: the window is four steps). */
export async function matchOtp(secret: string, otp: string, nowMs: number): Promise<number | null> {
  const now = checkinStep(nowMs);
  for (let step = now + CHECKIN_STEPS_AHEAD; step >= now - CHECKIN_STEPS_BEHIND; step--) {
    if ((await checkinOtp(secret, step)) === otp) return step;
  }
  return null;
}

// --- which visit a check-in marks ----------------------------------------------------------------

/** A member checks in for a class from this long before it starts until it ends. */
export const CHECKIN_EARLY_MINUTES = 60;

/**
 * The class a check-in at `atMs` is for, among the member's booked or attended classes there:
 * the one whose [start − CHECKIN_EARLY_MINUTES, end] holds the moment, nearest its start; null when none.
 */
export function classToCheckIn<T extends { start_at: string; end_at: string }>(classes: readonly T[], atMs: number): T | null {
  let best: T | null = null;
  let bestDistance = Infinity;
  for (const c of classes) {
    const start = Date.parse(c.start_at);
    if (atMs < start - CHECKIN_EARLY_MINUTES * 60_000 || atMs > Date.parse(c.end_at)) continue;
    const distance = Math.abs(start - atMs);
    if (distance < bestDistance) [best, bestDistance] = [c, distance];
  }
  return best;
}
