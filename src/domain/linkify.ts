// Links in members' and staff's plain text, found for display: the text is never parsed as HTML,
// only http(s) addresses become links (never javascript: or data:), and trailing punctuation
// stays text ("see https://x.example/a." links to /a).

export type TextPart = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

const URL_IN_TEXT = /https?:\/\/[^\s<>"'`]+/gi;
const TRAILING = /[.,!?;:)\]}'"”’]+$/;

export function linkify(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_IN_TEXT)) {
    const start = match.index;
    const raw = match[0];
    const trail = TRAILING.exec(raw)?.[0] ?? '';
    const url = raw.slice(0, raw.length - trail.length);
    let href: string | null = null;
    try {
      const parsed = new URL(url);
      if (parsed.protocol === 'http:' || parsed.protocol === 'https:') href = parsed.href;
    } catch {
      href = null;
    }
    if (!href) continue;
    if (start > last) parts.push({ kind: 'text', text: text.slice(last, start) });
    parts.push({ kind: 'link', text: url, href });
    last = start + url.length;
  }
  if (last < text.length) parts.push({ kind: 'text', text: text.slice(last) });
  return parts;
}
