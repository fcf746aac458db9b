// Memberships and passes (GET /memberships, GET /passes).
import * as z from 'zod/mini';
import { iso } from './common';

const status = z.enum(['active', 'future', 'past', 'used_up']);

export const membership = z.object({
  id: z.number(),
  org_id: z.number(),
  name: z.string(),
  valid_from: iso,
  valid_to: z.nullable(iso),
  status,
  /** Services it pays for, by name. */
  covers: z.array(z.string()),
  /** Visits allowed per period; null: unlimited. */
  visits_per_period: z.nullable(z.number()),
  /** Visits counted against it so far (booked places and late cancels). */
  visits_used: z.number(),
});
export type Membership = z.infer<typeof membership>;
export const membershipList = z.array(membership);

export const pass = z.object({
  id: z.number(),
  org_id: z.number(),
  name: z.string(),
  valid_from: iso,
  valid_to: z.nullable(iso),
  status,
  /** null: unlimited visits while valid. */
  visits_total: z.nullable(z.number()),
  visits_left: z.nullable(z.number()),
  covers: z.array(z.string()),
});
export type Pass = z.infer<typeof pass>;
export const passList = z.array(pass);
