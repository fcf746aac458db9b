// The card form's Stripe path against a fake Stripe.js (loadStripe mocked at the boundary) and a
// fake API: Stripe's Card Element is mounted, the SetupIntent's client secret (the auth token) is
// confirmed with that element, the PaymentMethod Stripe answers is stored, and Stripe's message (or
// ours when it gave none) is shown on failure. The sandbox path never loads Stripe.js. What this
// does not prove: Stripe.js itself and Stripe's servers (never reached in tests).
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import account from '../../../../locales/en-US/account.json';

const api = vi.hoisted(() => ({
  getGateways: vi.fn(),
  getAuthToken: vi.fn(async () => ({ auth_token: 'seti_1Q_secret_abc', tokenise_url: 'stripe-js' })),
  storeCard: vi.fn(async (gatewayId: string, token: string) => ({ id: 9, gateway_id: gatewayId, brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2031, default: true, token })),
}));
vi.mock('../api', () => api);

const element = { mount: vi.fn(), destroy: vi.fn() };
const stripe = {
  elements: vi.fn(() => ({ create: vi.fn(() => element) })),
  confirmCardSetup: vi.fn(),
  handleNextAction: vi.fn(async () => ({ paymentIntent: { status: 'succeeded' } })),
};
const loadStripe = vi.hoisted(() => vi.fn());
vi.mock('@stripe/stripe-js/pure', () => ({ loadStripe }));

const { CardForm } = await import('./CardForm');
const { completeStripeChallenge } = await import('../stripe-card');
const { runChallenge } = await import('../payment');

beforeAll(() => {
  i18next.addResourceBundle('en-US', 'account', account);
});
afterEach(() => {
  vi.clearAllMocks();
});

function withStripe() {
  api.getGateways.mockResolvedValue([{ id: 'sandbox', name: 'Sandbox' }, { id: 'stripe', name: 'Card', publishable_key: 'pk_test_51Abc' }]);
  loadStripe.mockResolvedValue(stripe);
}

describe('the card form with the Stripe gateway', () => {
  it('mounts Stripe’s card element, confirms the SetupIntent with it and stores the PaymentMethod', async () => {
    withStripe();
    stripe.confirmCardSetup.mockResolvedValue({ setupIntent: { id: 'seti_1Q', status: 'succeeded', payment_method: 'pm_1Q' } });
    const onSaved = vi.fn();
    render(<CardForm guid="fac-1" onSaved={onSaved} />);
    const host = await screen.findByTestId('stripe-card');
    await waitFor(() => expect(element.mount).toHaveBeenCalledWith(host));
    expect(loadStripe).toHaveBeenCalledWith('pk_test_51Abc');
    expect(screen.getByRole('group', { name: 'Card details' })).toBe(host);
    // No number field of ours: the number lives in Stripe's frame.
    expect(screen.queryByLabelText('Card number')).toBeNull();
    fireEvent.click(await screen.findByRole('button', { name: 'Save card' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ id: 9, gateway_id: 'stripe' })));
    expect(api.getAuthToken).toHaveBeenCalledWith('stripe');
    expect(stripe.confirmCardSetup).toHaveBeenCalledWith('seti_1Q_secret_abc', { payment_method: { card: element } });
    expect(api.storeCard).toHaveBeenCalledWith('stripe', 'pm_1Q', expect.objectContaining({ idempotencyKey: expect.any(String) }));
  });

  it('shows Stripe’s message when it refuses the card, ours when it gave none, and stores nothing', async () => {
    withStripe();
    stripe.confirmCardSetup.mockResolvedValueOnce({ error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' } });
    render(<CardForm guid="fac-1" onSaved={vi.fn()} />);
    await waitFor(() => expect(element.mount).toHaveBeenCalled());
    fireEvent.click(await screen.findByRole('button', { name: 'Save card' }));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Your card was declined.');
    stripe.confirmCardSetup.mockResolvedValueOnce({ error: { type: 'api_error' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save card' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('The card could not be added. Try again.'));
    expect(api.storeCard).not.toHaveBeenCalled();
  });

  it('says so when Stripe.js cannot load', async () => {
    withStripe();
    loadStripe.mockRejectedValue(new Error('offline'));
    render(<CardForm guid="fac-1" onSaved={vi.fn()} />);
    expect(await screen.findByText('The secure card form could not load. Check your connection and try again.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Save card' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('keeps our own fields for the sandbox and never loads Stripe.js', async () => {
    api.getGateways.mockResolvedValue([{ id: 'sandbox', name: 'Sandbox' }]);
    render(<CardForm guid="fac-1" onSaved={vi.fn()} />);
    expect(await screen.findByLabelText('Card number')).toBeTruthy();
    expect(screen.queryByTestId('stripe-card')).toBeNull();
    expect(loadStripe).not.toHaveBeenCalled();
  });
});

describe('the Stripe challenge', () => {
  it('runs 3-D Secure with the PaymentIntent’s client secret through Stripe.js', async () => {
    const load = vi.fn(async () => stripe as never);
    await completeStripeChallenge('pk_test_51Abc', 'pi_9Q_secret_z', load);
    expect(load).toHaveBeenCalledWith('pk_test_51Abc');
    expect(stripe.handleNextAction).toHaveBeenCalledWith({ clientSecret: 'pi_9Q_secret_z' });
  });

  it('on the payment screen runs Stripe’s in place (the caller then asks the server again) and leaves for any other gateway’s page', async () => {
    withStripe();
    const leave = vi.spyOn(location, 'assign').mockImplementation(() => undefined);
    expect(await runChallenge({ type: 'challenge', url: '/checkout/payment?returned=1&authenticate=pi_9Q', gateway_id: 'stripe', client_secret: 'pi_9Q_secret_z' })).toBe(true);
    expect(stripe.handleNextAction).toHaveBeenCalledWith({ clientSecret: 'pi_9Q_secret_z' });
    expect(leave).not.toHaveBeenCalled();
    expect(await runChallenge({ type: 'challenge', url: '/sandbox-gateway/challenges/ch_1', gateway_id: 'sandbox' })).toBe(false);
    expect(leave).toHaveBeenCalledWith('/sandbox-gateway/challenges/ch_1');
    expect(stripe.handleNextAction).toHaveBeenCalledTimes(1);
    leave.mockRestore();
  });
});
