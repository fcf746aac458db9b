// How the server talks to a card gateway. The card number never reaches /api/v1: the app sends it
// with a short-lived auth token straight to the gateway's tokenisation endpoint and hands the
// server only the token it got back; the server keeps the token, brand, last four and expiry.
// The sandbox gateway (./sandbox.ts) runs in this server for development and tests.

export interface CardOnFile {
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
}

export type ChargeFailure = 'card_declined' | 'insufficient_funds' | 'expired_card' | 'authentication_failed';

export type ChargeResult =
  | { status: 'succeeded'; id: string }
  /**
   * The bank wants the member present. `challenge_url` is a page of the gateway's to send the
   * browser to (the sandbox); `client_secret` lets the app run the challenge in place with the
   * gateway's own script (Stripe.js `handleNextAction`), and is only ever shown to the order's owner.
   */
  | { status: 'requires_action'; id: string; challenge_url: string; client_secret?: string }
  | { status: 'failed'; id: string; code: ChargeFailure };

export interface ChargeRequest {
  token: string;
  amountCents: number;
  currency: string;
  /** One charge per key, however often asked: the order's. */
  idempotencyKey: string;
  /** Where the member's browser returns after a 3-D Secure challenge (a path of the app). */
  returnPath: string;
  /** The charge this order started that waited on a challenge: its outcome is read, no new charge made. */
  pending?: string;
}

export interface RefundRequest {
  /** The gateway's charge (the order's charge_id once paid). */
  chargeId: string;
  amountCents: number;
  /** One refund per key, however often asked. */
  idempotencyKey: string;
}

export type RefundResult = { status: 'succeeded'; id: string } | { status: 'failed'; code: 'not_refundable' };

export interface PaymentGateway {
  readonly id: string;
  readonly name: string;
  /** What the app's card form needs to load the gateway's own script (Stripe.js), if any. */
  readonly publishableKey?: string;
  /** A token the app sends a card with for this member, and where to send it. */
  authToken(profileId: number, now: Date): Promise<{ auth_token: string; expires_at: string; tokenise_url: string }>;
  /** What the gateway knows of a card it tokenised for this member; null for any other token. */
  describeToken(token: string, profileId: number): Promise<CardOnFile | null>;
  /**
   * Charges a stored card. Asked again with the same key it answers the same charge (after a
   * challenge, its outcome), never a second one.
   */
  charge(request: ChargeRequest, now: Date): Promise<ChargeResult>;
  /** Gives a succeeded charge's money back (all or part); asked again with the same key, the same refund. */
  refund(request: RefundRequest, now: Date): Promise<RefundResult>;
}
