import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { currentStudio } from './studio';

/** The newest message the studio's development mailbox holds for `to`, as raw text (or undefined). */
export async function newestMailTo(to: string, since: number): Promise<string | undefined> {
  const mailDir = currentStudio().mailDir;
  const files = (await readdir(mailDir).catch(() => [] as string[])).filter((f) => f.endsWith('.eml')).sort().reverse();
  for (const file of files) {
    const raw = await readFile(join(mailDir, file), 'utf8');
    const date = /^Date: (.*)$/m.exec(raw)?.[1];
    if (new RegExp(`^To: ${to}$`, 'mi').test(raw) && date && Date.parse(date) >= since - 1000) return raw;
  }
  return undefined;
}

/** The first http(s) link in a message (quoted-printable soft breaks undone). */
export function firstLink(raw: string): string | undefined {
  return /https?:\/\/\S+/.exec(raw.replace(/=\n/g, ''))?.[0];
}
