// Minified frames mapped back to source files and lines for staff (issue 29). The build writes
// hidden source maps beside its bundles (vite build.sourcemap 'hidden': no sourceMappingURL, and
// server/static.ts never serves a .map); only a report of the running build's release can be
// mapped with them, any other release is shown as it was sent, marked unsymbolicated.
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { SourceMapConsumer, type RawSourceMap } from 'source-map';
import { parseStack, type StackFrame } from '../../../core/rules/error-fingerprint';

/** The file the build writes its release into (vite.config.ts), beside index.html. */
export const RELEASE_FILE = 'release.txt';

export interface ShownFrame {
  fn: string;
  file: string;
  line: number;
  column: number;
  /** Mapped to the source through the build's map. */
  symbolicated: boolean;
}

export interface Symbolicator {
  /** The release of the build in distDir, or null when there is none. */
  release(): Promise<string | null>;
  /** The stack's frames, mapped where the report's release is the running build's. */
  frames(stack: string | null, release: string): Promise<ShownFrame[]>;
}

/** A frame written as a stack line: "fn (file:line:column)". */
export function frameText(frame: ShownFrame): string {
  const at = `${frame.file}:${frame.line}${frame.column ? `:${frame.column}` : ''}`;
  return `${frame.fn ? `${frame.fn} (${at})` : at}${frame.symbolicated ? '' : ' [unsymbolicated]'}`;
}

/** Consumers kept open (each holds its parsed mappings); a build has a few dozen chunks. */
const CACHE_SIZE = 32;

export function createSymbolicator(distDir: string): Symbolicator {
  const root = path.resolve(distDir);
  let release: Promise<string | null> | null = null;
  const consumers = new Map<string, Promise<SourceMapConsumer | null>>();

  const readRelease = () =>
    fs.readFile(path.join(root, RELEASE_FILE), 'utf8').then(
      (text) => text.trim() || null,
      () => null,
    );

  async function open(mapFile: string): Promise<SourceMapConsumer | null> {
    const raw = await fs.readFile(mapFile, 'utf8').catch(() => null);
    if (raw === null) return null;
    try {
      return await new SourceMapConsumer(JSON.parse(raw) as RawSourceMap);
    } catch {
      return null;
    }
  }

  function consumer(mapFile: string): Promise<SourceMapConsumer | null> {
    let found = consumers.get(mapFile);
    if (!found) {
      found = open(mapFile);
      consumers.set(mapFile, found);
      if (consumers.size > CACHE_SIZE) {
        const [oldest, evicted] = consumers.entries().next().value as [string, Promise<SourceMapConsumer | null>];
        consumers.delete(oldest);
        void evicted.then((c) => c?.destroy());
      }
    }
    return found;
  }

  /** The map of a frame's script: /assets/x.js → dist/assets/x.js.map, never outside dist. */
  function mapFileOf(file: string): string | null {
    let pathname: string;
    try {
      pathname = new URL(file).pathname;
    } catch {
      pathname = file;
    }
    if (!/\.m?js$/.test(pathname)) return null;
    const resolved = path.resolve(root, `.${path.posix.normalize(`/${decodeURIComponent(pathname)}`)}.map`);
    return resolved.startsWith(root + path.sep) ? resolved : null;
  }

  async function map(frame: StackFrame, mapFile: string): Promise<ShownFrame | null> {
    const found = await consumer(mapFile);
    if (!found) return null;
    // Stack columns count from 1, source-map's from 0.
    const original = found.originalPositionFor({ line: frame.line, column: Math.max(0, frame.column - 1) });
    if (original.source === null || original.line === null) return null;
    // Sources are relative to the map's folder (../../src/x.tsx): shown relative to the project.
    const source = path.posix.normalize(path.posix.join(path.posix.dirname(path.relative(root, mapFile).split(path.sep).join('/')), original.source.replace(/^[\w-]+:\/\/\/?/, '')));
    return { fn: original.name ?? frame.fn, file: source.replace(/^(?:\.\.\/)+/, ''), line: original.line, column: (original.column ?? 0) + 1, symbolicated: true };
  }

  return {
    release: () => (release ??= readRelease()),
    async frames(stack, reportRelease) {
      const running = await (release ??= readRelease());
      const parsed = parseStack(stack);
      return Promise.all(
        parsed.map(async (frame) => {
          const mapFile = running !== null && reportRelease === running ? mapFileOf(frame.file) : null;
          const mapped = mapFile ? await map(frame, mapFile) : null;
          return mapped ?? { ...frame, symbolicated: false };
        }),
      );
    },
  };
}
