import { z } from 'zod';
import { ApiError } from '../../http/errors';
import { parseInstant } from '../booking/range';

// Query parameters shared by the training routes.

/** A positive whole number given as a query parameter. */
export function positiveIdParam(label: string) {
  const message = `${label} must be a positive whole number.`;
  return z
    .string({ error: message })
    .regex(/^\d{1,15}$/, message)
    .transform(Number)
    .refine((n) => n > 0, message);
}

const instant = z.union([z.iso.date(), z.iso.datetime({ offset: true })]);

/**
 * `from` (inclusive) and `to` (exclusive) on completed_at, as ISO text that compares with the
 * stored UTC values. A date alone is midnight in the facility's time zone, as for /sessions.
 */
export function parseRange(params: { from?: string; to?: string }, timeZone: string): { from?: string; to?: string } {
  const read = (name: 'from' | 'to'): string | undefined => {
    const value = params[name];
    if (value === undefined) return undefined;
    if (!instant.safeParse(value).success) {
      const message = `${name} must be an ISO date (2026-05-01) or a date-time with an offset (2026-05-01T06:00:00Z).`;
      throw new ApiError(422, 'validation_failed', message, [{ path: name, message }]);
    }
    return parseInstant(value, timeZone).toISOString();
  };
  const from = read('from');
  const to = read('to');
  if (from !== undefined && to !== undefined && to <= from) throw new ApiError(422, 'invalid_range', 'to must be after from.');
  return { from, to };
}
