import type { Kysely } from 'kysely';
import { flag } from '../../../config';
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

/**
 * The sandbox (it runs here, its cards are test numbers) is the gateway of a server without a real
 * one: development, tests, demos. With Stripe configured it is not there, its endpoints answer 404,
 * unless SANDBOX_GATEWAY=on chooses it too (a staging server).
 */
export function sandboxOffered(env: NodeJS.ProcessEnv = process.env): boolean {
  return !stripeKeys(env) || flag(env.SANDBOX_GATEWAY, false, 'SANDBOX_GATEWAY');
}

/** The gateways this server offers: the sandbox when offered (above); Stripe when its keys are set. */
export function configuredGateways(db: Kysely<Database>): PaymentGateway[] {
  const gateways = sandboxOffered() ? [sandboxGateway(db)] : [];
  const stripe = stripeKeys();
  if (stripe) gateways.push(stripeGateway(stripe));
  return gateways;
}
