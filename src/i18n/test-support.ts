import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '../..');
export const LOCALES_DIR = join(ROOT, 'locales');

export type Flat = Record<string, unknown>;

/** The namespace files of one locale (shell.json, booking.json, …). */
export function namespaceFiles(locale: string): string[] {
  return readdirSync(join(LOCALES_DIR, locale)).filter((name) => name.endsWith('.json')).sort();
}

/** One locale's strings, every namespace merged (their top-level groups never overlap). */
export function readTranslation(locale: string): unknown {
  const merged: Record<string, unknown> = {};
  for (const file of namespaceFiles(locale)) mergeInto(merged, JSON.parse(readFileSync(join(LOCALES_DIR, locale, file), 'utf8')) as Record<string, unknown>);
  return merged;
}

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

/** Namespaces may share a group name (booking's and appointments' `status`): their keys are merged, not replaced. */
function mergeInto(target: Record<string, unknown>, source: Record<string, unknown>): void {
  for (const [key, value] of Object.entries(source)) {
    const existing = target[key];
    if (isObject(existing) && isObject(value)) mergeInto(existing, value);
    else target[key] = isObject(value) ? structuredClone(value) : value;
  }
}

/** Flattens nested objects to dot keys; leaves (strings or anything else) are kept as they are. */
export function flatten(value: unknown, prefix = '', out: Flat = {}): Flat {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    for (const [k, v] of Object.entries(value)) flatten(v, prefix ? `${prefix}.${k}` : k, out);
  } else {
    out[prefix] = value;
  }
  return out;
}

/** Interpolation placeholders ({{name}}, {{count, number}}), nesting ($t(key)) and Trans tags. */
export function tokens(text: string): string[] {
  const found = new Set<string>();
  for (const m of text.matchAll(/\{\{\s*-?\s*([^}\s,]+)[^}]*\}\}/g)) found.add(`{{${m[1]}}}`);
  for (const m of text.matchAll(/\$t\(([^),]+)/g)) found.add(`$t(${m[1]})`);
  for (const m of text.matchAll(/<\/?([\w.-]+)\s*\/?>/g)) found.add(`<${m[1]}>`);
  return [...found].sort();
}

export function walk(dir: string, exts: readonly string[]): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) out.push(...walk(full, exts));
    else if (exts.some((e) => name.endsWith(e))) out.push(full);
  }
  return out;
}

export function rel(path: string): string {
  return relative(ROOT, path);
}
