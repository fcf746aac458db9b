// Shapes shared by several resources. Schemas are zod/mini because the page imports them and its
// initial JS is close to budget. Responses are checked, not rebuilt: unknown keys pass through.
import * as z from 'zod/mini';

/** ISO-8601 timestamp with offset, e.g. 2026-11-22T06:00:00.000Z. */
export const iso = z.string();
export type Iso = z.infer<typeof iso>;

export const apiErrorBody = z.object({
  /** Human readable, already in the member's language where the server knows it. */
  message: z.string(),
  /** Stable machine code, e.g. validation_failed, not_found, forbidden, rate_limited. */
  code: z.string(),
  /** Field level problems for 422 responses. */
  errors: z.optional(z.array(z.object({ path: z.string(), message: z.string() }))),
  /** Values the app's translation of `code` interpolates, e.g. when booking opens. */
  params: z.optional(z.record(z.string(), z.union([z.string(), z.number()]))),
});
export type ApiErrorBody = z.infer<typeof apiErrorBody>;

export const avatar = z.object({
  is_set: z.boolean(),
  thumb_url: z.nullable(z.string()),
  main_url: z.nullable(z.string()),
});
export type Avatar = z.infer<typeof avatar>;

export const orgSummary = z.object({
  id: z.number(),
  name: z.string(),
  logo_url: z.nullable(z.string()),
  short_id: z.string(),
});
export type OrgSummary = z.infer<typeof orgSummary>;

export const facilitySummary = z.object({
  id: z.number(),
  guid: z.string(),
  name: z.string(),
});
export type FacilitySummary = z.infer<typeof facilitySummary>;

/** A list answer wrapped in { data }. */
export function listOf<T extends z.ZodMiniType>(item: T) {
  return z.object({ data: z.array(item) });
}
