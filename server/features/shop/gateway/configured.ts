import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import type { PaymentGateway } from './gateway';
import { sandboxGateway } from './sandbox';
import { stripeGateway } from './stripe';

/** The gateways this server offers: the sandbox always (it runs here); Stripe when STRIPE_SECRET_KEY is set. */
export function configuredGateways(db: Kysely<Database>): PaymentGateway[] {
  const gateways = [sandboxGateway(db)];
  const stripeKey = process.env.STRIPE_SECRET_KEY;
  if (stripeKey) gateways.push(stripeGateway({ secretKey: stripeKey }));
  return gateways;
}
