import { describe, expect, it } from 'vitest';
import { linkify } from './linkify';

describe('links in plain text', () => {
  it('turns http(s) addresses into links, leaving trailing punctuation and everything else as text', () => {
    expect(linkify('Details: https://harbour.example/records. See you!')).toEqual([
      { kind: 'text', text: 'Details: ' },
      { kind: 'link', text: 'https://harbour.example/records', href: 'https://harbour.example/records' },
      { kind: 'text', text: '. See you!' },
    ]);
    expect(linkify('(http://a.example/x)')).toEqual([{ kind: 'text', text: '(' }, { kind: 'link', text: 'http://a.example/x', href: 'http://a.example/x' }, { kind: 'text', text: ')' }]);
  });

  it('never makes a link of script, markup or other schemes', () => {
    const xss = '<a href="javascript:alert(1)">x</a> javascript:alert(1) data:text/html,<script>';
    expect(linkify(xss)).toEqual([{ kind: 'text', text: xss }]);
    expect(linkify('plain text')).toEqual([{ kind: 'text', text: 'plain text' }]);
    expect(linkify('')).toEqual([]);
  });
});
