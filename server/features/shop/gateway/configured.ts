import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import type { PaymentGateway } from './gateway';
import { sandboxGateway } from './sandbox';
import { stripeGateway } from './stripe';

/** Stripe's keys when both are set (config.ts refuses to start with only one). */
export function stripeKeys(env: NodeJS.ProcessEnv = process.env): { secretKey: string; publishableKey: string } | null {
  const secretKey = env.STRIPE_SECRET_KEY?.trim();
  const publishableKey = env.STRIPE_PUBLISHABLE_KEY?.trim();
  return secretKey && publishableKey ? { secretKey, publishableKey } : null;
}

/** The gateways this server offers: the sandbox always (it runs here); Stripe when its keys are set. */
export function configuredGateways(db: Kysely<Database>): PaymentGateway[] {
  const gateways = [sandboxGateway(db)];
  const stripe = stripeKeys();
  if (stripe) gateways.push(stripeGateway(stripe));
  return gateways;
}
