import { describe, expect, it } from 'vitest';
import { passwordProblems } from './password';

describe('a new password', () => {
  it('needs 8 to 128 characters, counted as the member sees them, and not only spaces', () => {
    expect(passwordProblems('')).toEqual(['blank', 'too_short']);
    expect(passwordProblems('1234567')).toEqual(['too_short']);
    expect(passwordProblems('12345678')).toEqual([]);
    expect(passwordProblems('        ')).toEqual(['blank']);
    // Emoji are one character each to the member, two UTF-16 units to JavaScript.
    expect(passwordProblems('🔑🔑🔑🔑🔑🔑🔑🔑')).toEqual([]);
    expect(passwordProblems('x'.repeat(129))).toEqual(['too_long']);
  });
});
