import { describe, expect, it } from 'vitest';
import { errorFingerprint, normaliseErrorMessage, parseStack, topFrame } from './error-fingerprint';

const CHROME = `TypeError: Cannot read properties of undefined (reading 'start_at')
    at Ke (https://members.example.com/assets/index-Bx7dK2pQ.js:1:2345)
    at https://members.example.com/assets/index-Bx7dK2pQ.js:1:999`;
const CHROME_NEXT_BUILD = `TypeError: Cannot read properties of undefined (reading 'start_at')
    at Ke (https://members.example.com/assets/index-Zz9yX8wV.js:1:2411)`;
const FIREFOX = `Ke@https://members.example.com/assets/index-Bx7dK2pQ.js:1:2345
@https://members.example.com/assets/index-Bx7dK2pQ.js:1:999`;
const SERVER = `Error: boom
    at handler (/srv/app/server/features/booking/routes.ts:41:11)
    at async dispatch (/srv/app/node_modules/hono/dist/compose.js:22:17)`;

describe('errorFingerprint', () => {
  it('is 16 hex digits and the same for the same error', () => {
    const a = errorFingerprint({ kind: 'error', message: 'x is undefined', stack: CHROME });
    expect(a).toMatch(/^[0-9a-f]{16}$/);
    expect(errorFingerprint({ kind: 'error', message: 'x is undefined', stack: CHROME })).toBe(a);
  });

  it('groups messages that differ only in numbers and ids', () => {
    const one = errorFingerprint({ kind: 'replay', message: 'class 812 is full (HTTP 500)', stack: null });
    expect(errorFingerprint({ kind: 'replay', message: 'class 913 is full (HTTP 500)', stack: null })).toBe(one);
    const uuid = (id: string) => errorFingerprint({ kind: 'error', message: `profile ${id} not found`, stack: null });
    expect(uuid('3f2b8c1e-4d5a-4e6f-8a9b-0c1d2e3f4a5b')).toBe(uuid('00000000-1111-4222-8333-444455556666'));
  });

  it('groups a frame across builds (hash, line and column left out), Chrome and Firefox alike', () => {
    const message = 'x is undefined';
    expect(errorFingerprint({ kind: 'error', message, stack: CHROME_NEXT_BUILD })).toBe(errorFingerprint({ kind: 'error', message, stack: CHROME }));
    expect(errorFingerprint({ kind: 'error', message, stack: FIREFOX })).toBe(errorFingerprint({ kind: 'error', message, stack: CHROME }));
  });

  it('tells apart kinds, messages and top frames', () => {
    const base = { kind: 'error', message: 'x is undefined', stack: CHROME };
    const fp = errorFingerprint(base);
    expect(errorFingerprint({ ...base, kind: 'unhandledrejection' })).not.toBe(fp);
    expect(errorFingerprint({ ...base, message: 'y is undefined' })).not.toBe(fp);
    expect(errorFingerprint({ ...base, stack: SERVER })).not.toBe(fp);
    expect(errorFingerprint({ ...base, stack: null })).not.toBe(fp);
  });
});

describe('normaliseErrorMessage and topFrame', () => {
  it('takes numbers and ids out of a message', () => {
    expect(normaliseErrorMessage('class 812 at 12.5s,  id 9f86d081884c7d65')).toBe('class <n> at <n>s, id <id>');
    expect(normaliseErrorMessage('profile 3f2b8c1e-4d5a-4e6f-8a9b-0c1d2e3f4a5b')).toBe('profile <id>');
  });

  it('reads the first frame as function and file', () => {
    expect(topFrame(CHROME)).toBe('Ke index.js');
    expect(topFrame(FIREFOX)).toBe('Ke index.js');
    expect(topFrame(SERVER)).toBe('handler routes.ts');
    expect(topFrame('    at https://members.example.com/assets/index-Bx7dK2pQ.js:1:999')).toBe('index.js');
    expect(topFrame('no frames here')).toBe('');
    expect(topFrame(null)).toBe('');
  });

  it('reads every frame with its position', () => {
    expect(parseStack(CHROME)).toEqual([
      { fn: 'Ke', file: 'https://members.example.com/assets/index-Bx7dK2pQ.js', line: 1, column: 2345 },
      { fn: '', file: 'https://members.example.com/assets/index-Bx7dK2pQ.js', line: 1, column: 999 },
    ]);
    expect(parseStack(FIREFOX)[0]).toEqual({ fn: 'Ke', file: 'https://members.example.com/assets/index-Bx7dK2pQ.js', line: 1, column: 2345 });
    expect(parseStack(SERVER)[1]).toEqual({ fn: 'async dispatch', file: '/srv/app/node_modules/hono/dist/compose.js', line: 22, column: 17 });
  });
});
