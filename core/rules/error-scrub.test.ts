import { describe, expect, it } from 'vitest';
import { scrubReport, scrubText } from './error-scrub';

// The device scrubs each report before storing it and the server scrubs what it receives, with
// this one rule: nothing personal survives, file names and positions do.

const JWT = 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkFsZXgifQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c';
const SESSION = 'q0Z7bX1vYf2Lk9PqR3sT5uVwXyZaBcDeFgHiJkLmNoP'; // 43 base64url characters, like newToken()
const HEX = '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08';
const BASE64 = 'dGhpcyBpcyBhIHNlY3JldCBrZXkgZm9yIHRlc3Rz+/Q=';

describe('scrubText', () => {
  it('replaces emails, also inside words, URLs and percent-encoded', () => {
    expect(scrubText('No account for demo@example.com.')).toBe('No account for [email].');
    expect(scrubText('duplicate key (email)=(mere.tane+gym@studio.co.nz) exists')).toBe('duplicate key (email)=([email]) exists');
    expect(scrubText('GET /api/v1/invite/demo%40example.com failed')).toBe('GET /api/v1/invite/[email] failed');
    expect(scrubText('Ünïcödé: jörg.müller@beispiel.de')).toBe('Ünïcödé: [email]');
    // A Firefox frame's fn@url is no email.
    expect(scrubText('handleClick@https://members.example.com/assets/index-Bx7dK2pQ.js:1:2345')).toBe('handleClick@https://members.example.com/assets/index-Bx7dK2pQ.js:1:2345');
  });

  it('replaces JWTs, bearer tokens and long base64, base64url and hex tokens', () => {
    expect(scrubText(`token rejected: ${JWT}`)).toBe('token rejected: [token]');
    expect(scrubText(`Authorization failed for Bearer ${SESSION}`)).toBe('Authorization failed for Bearer [token]');
    expect(scrubText(`sent Bearer ${SESSION} to the API`)).toBe('sent Bearer [token] to the API');
    expect(scrubText(`reset link ${SESSION} expired`)).toBe('reset link [token] expired');
    expect(scrubText(`sha ${HEX}`)).toBe('sha [token]');
    expect(scrubText(`key ${BASE64} refused`)).toBe('key [token] refused');
    expect(scrubText('stripe said sk_live_51HqLyjWDarjtT1zdp7dcXYZ123')).toBe('stripe said [token]');
    expect(scrubText('profile 3f2b8c1e-4d5a-4e6f-8a9b-0c1d2e3f4a5b not found')).toBe('profile [token] not found');
    // A path segment that is a token goes; the path around it stays.
    expect(scrubText(`https://members.example.com/reset-password/${SESSION}`)).toBe('https://members.example.com/reset-password/[token]');
  });

  it('keeps what is no token: words, hashed code file names, versions and short ids', () => {
    const kept = [
      'TypeError: Cannot read properties of undefined (reading \'start_at\')',
      'at TrainingImportScreenWithALongName-CdE3fGh1.js:1:2345',
      'https://members.example.com/assets/TrainingImportScreenWithALongName-CdE3fGh1.js:1:23456',
      'release 7.5.2+a1b2c3d on Chrome 156',
      'class 12 of facility 3 is full',
      'ChunkLoadError: Loading chunk 42 failed',
      'Unexpected token \'<\', "<!doctype "... is not valid JSON',
      'members_profiles_email_unique_constraint_name',
    ];
    for (const text of kept) expect(scrubText(text), text).toBe(text);
  });

  it('replaces 13 to 19 digit card numbers, with spaces or dashes, and nothing shorter', () => {
    expect(scrubText('card 4242424242424242 declined')).toBe('card [card] declined');
    expect(scrubText('card 4242 4242 4242 4242 declined')).toBe('card [card] declined');
    expect(scrubText('card 4242-4242-4242-4242 declined')).toBe('card [card] declined');
    expect(scrubText('amex 3782 822463 10005')).toBe('amex [card]');
    expect(scrubText('19 digits 6011111111111111117.')).toBe('19 digits [card].');
    expect(scrubText('13 digits 4222222222222!')).toBe('13 digits [card]!');
    // 12 digits, a phone number, line and column numbers: kept.
    for (const text of ['order 123456789012', 'call +64 21 123 4567', 'x.js:1:234567', 'took 1234 ms']) expect(scrubText(text), text).toBe(text);
    // Over-redacts rather than under: a millisecond timestamp looks like a card.
    expect(scrubText('at 1767225600000')).toBe('at [card]');
  });

  it('takes the query string and fragment off URLs, keeping the frame position', () => {
    expect(scrubText('GET https://members.example.com/api/v1/invite?email=x&token=abc failed')).toBe('GET https://members.example.com/api/v1/invite?[query] failed');
    expect(scrubText('at http://localhost:5173/src/app/App.tsx?t=1716212345:10:5')).toBe('at http://localhost:5173/src/app/App.tsx?[query]:10:5');
    expect(scrubText('(https://members.example.com/classes/12?from=2026-05-01#tab=visits:3:14)')).toBe('(https://members.example.com/classes/12?[query]#[fragment]:3:14)');
    expect(scrubText('https://members.example.com/#access_token=abc')).toBe('https://members.example.com/#[fragment]');
    expect(scrubText('fetch /api/v1/sessions?from=2026-05-01&member=12 failed')).toBe('fetch /api/v1/sessions?[query] failed');
    // Credentials in a URL go too.
    expect(scrubText('redis://default:hunter22@cache.internal:6379/0')).toBe('redis://[redacted]@cache.internal:6379/0');
  });

  it('replaces cookie, authorization and other secret values', () => {
    expect(scrubText('Cookie: sid=abc123; theme=dark')).toBe('Cookie: [redacted]');
    expect(scrubText('set-cookie=sid=abc; Path=/; HttpOnly')).toBe('set-cookie: [redacted]');
    expect(scrubText('{"authorization":"Basic ZGVtbzpkZW1vMTIzNA==","x":1}')).toBe('{"authorization: [redacted]","x":1}');
    expect(scrubText('document.cookie = "sid=abc"')).toBe('document.cookie: [redacted]"');
    expect(scrubText('login failed password=hunter22 for user')).toBe('login failed password=[redacted] for user');
    expect(scrubText('{"password": "hunter22", "remember": true}')).toBe('{"password": "[redacted]", "remember": true}');
    expect(scrubText("config api_key: 'k-123', region: eu")).toBe("config api_key: '[redacted]', region: eu");
    expect(scrubText('sid=short; cvc=123&x=1')).toBe('sid=[redacted]; cvc=[redacted]&x=1');
  });

  it("replaces the member's own name and email, whole words in any case, not inside URLs", () => {
    const personal = ['Mere Tane', 'Mere', 'Tane', 'mere@example.com'];
    expect(scrubText('Welcome back, Mere Tane! mere tane has 3 visits', { personal })).toBe('Welcome back, [name]! [name] has 3 visits');
    expect(scrubText('TANE booked', { personal })).toBe('[name] booked');
    // Parts of other words stay.
    expect(scrubText('Tanetahi and Meredith', { personal })).toBe('Tanetahi and Meredith');
    // A full name given alone is split into its words.
    expect(scrubText('Hi Alex, from Alex Smith', { personal: ['Alex Smith'] })).toBe('Hi [name], from [name]');
    // URLs keep their file names even when a name matches.
    expect(scrubText('Index failed at https://x.example/assets/index-abc12345.js:1:2', { personal: ['Index'] })).toBe('[name] failed at https://x.example/assets/index-abc12345.js:1:2');
    // Characters special in patterns, short and empty entries are harmless.
    expect(scrubText('a (b) c.d', { personal: ['(b)', 'c.d', 'a', '', null, undefined, ' '] })).toBe('a [name] [name]');
  });

  it('is idempotent: scrubbing a scrubbed text changes nothing', () => {
    const samples = [
      `Cookie: sid=${SESSION}`,
      'password=hunter22&x=1',
      '{"password": "x"}',
      `GET https://user:pw@h.example/p?email=demo@example.com#frag:1:2 by Mere`,
      'fetch /api/v1/x?y=1:3:4',
      `card 4242 4242 4242 4242 ${JWT} ${HEX} ${BASE64} Bearer ${SESSION}`,
    ];
    for (const text of samples) {
      const once = scrubText(text, { personal: ['Mere'] });
      expect(scrubText(once, { personal: ['Mere'] }), text).toBe(once);
    }
  });

  it('handles a whole minified stack: personal data out, every frame intact', () => {
    const stack = [
      `Error: No member demo@example.com with card 4111 1111 1111 1111 (token ${SESSION})`,
      '    at Xe (https://members.example.com/assets/index-Bx7dK2pQ.js:1:23456)',
      '    at async https://members.example.com/assets/ClassScreen-C4fG7hJk.js:2:345',
      'zt@https://members.example.com/assets/engine-D2kL9mNo.js:1:9876',
    ].join('\n');
    expect(scrubText(stack)).toBe(
      [
        'Error: No member [email] with card [card] (token [token])',
        '    at Xe (https://members.example.com/assets/index-Bx7dK2pQ.js:1:23456)',
        '    at async https://members.example.com/assets/ClassScreen-C4fG7hJk.js:2:345',
        'zt@https://members.example.com/assets/engine-D2kL9mNo.js:1:9876',
      ].join('\n'),
    );
  });

  it('stays fast on long hostile input (no catastrophic backtracking)', () => {
    const started = performance.now();
    for (const text of ['a'.repeat(8000), '1 '.repeat(4000), 'a-'.repeat(4000), '@'.repeat(8000), `${'x'.repeat(7000)}@`, 'https://'.repeat(1000), '4'.repeat(8000), 'password='.repeat(800), '/'.repeat(8000), 'a/'.repeat(4000), 'a.'.repeat(4000), 'eyJ'.repeat(2500), `${'x'.repeat(7000)}?`, ' /?'.repeat(2500)]) scrubText(text, { personal: ['Mere Tane'] });
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

describe('scrubReport', () => {
  it('scrubs the message, the stack and the route, and leaves the rest', () => {
    const report = { id: 'r-12345678', message: 'Hi Mere <mere@example.com>', stack: 'at https://h.example/a.js?sid=1:1:2', route: '/invite/demo@example.com', release: '7.5.2+abc', count: 2 };
    expect(scrubReport(report, { personal: ['Mere'] })).toEqual({ ...report, message: 'Hi [name] <[email]>', stack: 'at https://h.example/a.js?[query]:1:2', route: '/invite/[email]' });
    expect(scrubReport({ ...report, stack: null }).stack).toBeNull();
  });
});
