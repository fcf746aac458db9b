// Web Push for this device (page side). The browser holds the subscription; the server is told
// about it so it can push while no page is open. iOS offers push only to an app added to the
// Home Screen, and every browser wants the permission asked from a tap.
import { deletePushSubscription, getVapidPublicKey, savePushSubscription, type PushSubscriptionPayload } from "./api";
import { ApiError } from '../../data/api/errors';

export type PushSupport = 'unsupported' | 'ios-needs-install' | 'denied' | 'default' | 'granted';

/** What the device says about itself; tests describe devices with it. */
export interface PushEnvironment {
  userAgent: string;
  maxTouchPoints: number;
  standalone: boolean;
  /** serviceWorker, PushManager and Notification all exist. */
  pushApis: boolean;
  permission: NotificationPermission | null;
}

/** iPhone, iPod, and iPad (which may say it is a Mac but has a touch screen). */
function isIos(env: PushEnvironment): boolean {
  return /iPad|iPhone|iPod/.test(env.userAgent) || (/Macintosh/.test(env.userAgent) && env.maxTouchPoints > 1);
}

export function classifyPushSupport(env: PushEnvironment): PushSupport {
  if (isIos(env) && !env.standalone) return 'ios-needs-install';
  if (!env.pushApis || env.permission === null) return 'unsupported';
  return env.permission;
}

function browserEnvironment(): PushEnvironment {
  const nav = globalThis.navigator as (Navigator & { standalone?: boolean }) | undefined;
  const win = typeof window === 'undefined' ? undefined : window;
  const hasNotification = typeof Notification !== 'undefined';
  return {
    userAgent: nav?.userAgent ?? '',
    maxTouchPoints: nav?.maxTouchPoints ?? 0,
    standalone: nav?.standalone === true || win?.matchMedia?.('(display-mode: standalone)').matches === true,
    pushApis: Boolean(nav && 'serviceWorker' in nav && win && 'PushManager' in win && hasNotification),
    permission: hasNotification ? Notification.permission : null,
  };
}

/** Whether this device can get push now, and whether the member has answered the permission prompt. */
export function pushSupport(): PushSupport {
  return classifyPushSupport(browserEnvironment());
}

/** Thrown by subscribePush when the member (or the browser) did not allow notifications. */
export class PushPermissionError extends Error {
  override readonly name = 'PushPermissionError';
  readonly permission: NotificationPermission | 'unsupported' | 'ios-needs-install';

  constructor(permission: PushPermissionError['permission']) {
    super(`Notifications are not allowed (${permission})`);
    this.permission = permission;
  }
}

async function registration(): Promise<ServiceWorkerRegistration | undefined> {
  const container = globalThis.navigator?.serviceWorker;
  if (!container) return undefined;
  return (await container.getRegistration()) ?? undefined;
}

async function currentSubscription(): Promise<PushSubscription | null> {
  return (await (await registration())?.pushManager.getSubscription()) ?? null;
}

export async function isPushSubscribed(): Promise<boolean> {
  try {
    return (await currentSubscription()) !== null;
  } catch {
    return false;
  }
}

function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(value.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function sameKey(subscription: PushSubscription, key: Uint8Array): boolean {
  const current = subscription.options.applicationServerKey;
  if (!current) return false;
  const bytes = new Uint8Array(current);
  return bytes.length === key.length && bytes.every((byte, i) => byte === key[i]);
}

function payloadOf(subscription: PushSubscription): PushSubscriptionPayload {
  const json = subscription.toJSON();
  const p256dh = json.keys?.p256dh;
  const auth = json.keys?.auth;
  if (!json.endpoint || !p256dh || !auth) throw new Error('The browser returned an incomplete push subscription');
  return { endpoint: json.endpoint, keys: { p256dh, auth } };
}

/**
 * Turn push on for this device. Call it straight from the member's tap: the permission prompt is
 * the first thing it does, before any other await, or Safari refuses to show it. Idempotent: an
 * existing subscription for the server's key is reused and stored again.
 */
export async function subscribePush(): Promise<void> {
  // Success or not (a permission prompt answered "block" changes the state too), views re-read it.
  try {
    await subscribe();
  } finally {
    notifyPushChanged();
  }
}

async function subscribe(): Promise<void> {
  const support = pushSupport();
  if (support === 'unsupported' || support === 'ios-needs-install') throw new PushPermissionError(support);
  const permission = support === 'granted' ? 'granted' : await Notification.requestPermission();
  if (permission !== 'granted') throw new PushPermissionError(permission);

  const container = globalThis.navigator.serviceWorker;
  const ready = await container.ready;
  const key = base64UrlToBytes(await getVapidPublicKey());
  let subscription = await ready.pushManager.getSubscription();
  if (subscription && !sameKey(subscription, key)) {
    // Made for another server key (keys rotated): the server could not push to it.
    await subscription.unsubscribe().catch(() => false);
    subscription = null;
  }
  subscription ??= await ready.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  await savePushSubscription(payloadOf(subscription));
}

/** Turn push off for this device: the server forgets it, then the browser drops it. */
export async function unsubscribePush(): Promise<void> {
  const subscription = await currentSubscription();
  if (!subscription) return;
  try {
    try {
      await deletePushSubscription(subscription.endpoint);
    } catch (error) {
      // Already unknown to the server is what we wanted; anything else, keep the two in step.
      if (!(error instanceof ApiError && error.status === 404)) throw error;
    }
    await subscription.unsubscribe();
  } finally {
    notifyPushChanged();
  }
}

/** How long signing out waits for the server to forget this device's subscription. */
export const SIGN_OUT_WAIT_MS = 5_000;

/**
 * At sign-out: the server is asked to forget the subscription (briefly: a bad connection must not
 * hold the member at the door), and this device unsubscribes whatever it answers, so the next
 * person here never gets the last member's pushes. A subscription the server still holds then
 * fails at the push service, which tells the server it is gone.
 */
export async function forgetPushAtSignOut(): Promise<void> {
  const subscription = await currentSubscription();
  if (!subscription) return;
  try {
    await deletePushSubscription(subscription.endpoint, { timeoutMs: SIGN_OUT_WAIT_MS }).catch(() => undefined);
    await subscription.unsubscribe().catch(() => false);
  } finally {
    notifyPushChanged();
  }
}

const pushListeners = new Set<() => void>();

/** Called after this page turned push on or off, so views of the push state re-read it. */
export function onPushChanged(listener: () => void): () => void {
  pushListeners.add(listener);
  return () => pushListeners.delete(listener);
}

function notifyPushChanged(): void {
  for (const listener of pushListeners) listener();
}
