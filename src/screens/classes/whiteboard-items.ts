/** A whiteboard item's display name, whichever of its known fields carries one. */
export function whiteboardItemTitle(item: unknown): string | null {
  if (!item || typeof item !== 'object') return null;
  const record = item as { name?: unknown; title?: unknown; definition?: { name?: unknown } };
  for (const value of [record.name, record.title, record.definition?.name]) {
    if (typeof value === 'string' && value.trim()) return value;
  }
  return null;
}
