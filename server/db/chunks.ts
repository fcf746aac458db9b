const CHUNK = 500;

/** Runs a query per chunk of ids (SQLite limits bound parameters) and concatenates the rows. */
export async function inChunks<T, R>(items: readonly T[], run: (chunk: T[]) => Promise<R[]>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(...(await run(items.slice(i, i + CHUNK))));
  return out;
}
