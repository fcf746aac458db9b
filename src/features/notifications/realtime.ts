// Live notifications in the page (DESIGN: Faye lives in the window; Web Push covers the
// background). One Faye client subscribes to /n/{member_short_id} of every account of the
// signed-in member and writes each message into Dexie. It is connected only while the page is
// visible: a hidden tab holds no long-poll, and coming back catches up with a pull. faye is
// loaded on first use, after the first paint. Nothing here throws into the app.
import { liveQuery, type Subscription } from 'dexie';
import type { NotificationRealtimeMessage, Profile } from '../../../core/contract/types';
import { matchesContract } from '../../data/api/client';
import { db, type AuthState } from '../../data/db';
import { flushOutbox } from '../../data/sync/replay';
import { pullNotifications, receiveNotification, removeNotification } from './pull';
import { patchStatus } from '../../data/sync/status';

export const REALTIME_URL = '/realtime';
/** Notifications are (re)loaded 3 s after monitoring starts (see docs/rules.md#notifications). */
export const RELOAD_AFTER_START_MS = 3_000;
/** Seconds a long-poll may be held; above the server's 45 s so a quiet channel is not an error. */
export const FAYE_TIMEOUT_S = 60;
/** The options the page's Faye client is made with (all transports, faye's own choice among them). */
export const FAYE_CLIENT_OPTIONS = { timeout: FAYE_TIMEOUT_S } as const;

export interface RealtimeSubscription extends PromiseLike<void> {
  cancel(): void;
}

/**
 * The part of a Faye client used here; tests pass a fake. Not thenable on purpose: a Faye client
 * is (it is a Deferrable that never settles), so awaiting one hangs. Wrap it with asRealtimeClient.
 */
export interface RealtimeClient {
  subscribe(channel: string, onMessage: (data: unknown) => void): RealtimeSubscription;
  bind(event: 'transport:down' | 'transport:up', listener: () => void): void;
  disconnect(): void;
  then?: never;
}

export function asRealtimeClient(client: Omit<RealtimeClient, 'then'>): RealtimeClient {
  return {
    subscribe: (channel, onMessage) => client.subscribe(channel, onMessage),
    bind: (event, listener) => client.bind(event, listener),
    disconnect: () => client.disconnect(),
  };
}

type Visibility = Pick<EventTarget, 'addEventListener' | 'removeEventListener'> & { visibilityState: DocumentVisibilityState };

export interface RealtimeOptions {
  /** Builds a connected-on-demand client; defaults to faye's browser client at /realtime. */
  createClient?: () => RealtimeClient | Promise<RealtimeClient>;
  /** Receives visibilitychange; defaults to document. */
  visibility?: Visibility;
  reloadAfterMs?: number;
  /** Online/offline; defaults to navigator.onLine and the window's online/offline events. */
  connectivity?: Connectivity;
}

export type RealtimeState = 'stopped' | 'idle' | 'connecting' | 'up' | 'down';

/** The channels of every account of the member, hidden ones included: a notification is for the member. */
export function memberChannels(profile: Pick<Profile, 'accounts'> | undefined): string[] {
  const ids = (profile?.accounts ?? []).map((account) => account.member_short_id).filter((id): id is string => typeof id === 'string' && id !== '');
  return [...new Set(ids)].sort().map((id) => `/n/${id}`);
}

/**
 * Writes one channel message into Dexie. Resolves false for a message it does not understand:
 * one that breaks the contract never reaches Dexie (the next pull brings the notification).
 */
export async function applyRealtimeMessage(data: unknown): Promise<boolean> {
  if (!(await matchesContract('notificationRealtimeMessage', data))) {
    console.warn('Ignoring an unexpected realtime message', data);
    return false;
  }
  const message = data as NotificationRealtimeMessage;
  if (message.event === 'removed') return removeNotification(message.notification.id);
  return receiveNotification(message.notification);
}

async function fayeClient(): Promise<RealtimeClient> {
  const { default: Faye } = await import('faye');
  return asRealtimeClient(new Faye.Client(REALTIME_URL, FAYE_CLIENT_OPTIONS));
}

function browserDocument(): Visibility | undefined {
  return typeof document === 'undefined' ? undefined : document;
}

/** Whether the device has a network; offline, realtime does not try to connect at all. */
export interface Connectivity {
  readonly onLine: boolean;
  /** Calls back when the device goes online or offline; returns the unsubscribe. */
  listen(listener: () => void): () => void;
}

function browserConnectivity(): Connectivity | undefined {
  if (typeof window === 'undefined' || typeof navigator === 'undefined') return undefined;
  return {
    get onLine() {
      return navigator.onLine !== false;
    },
    listen(listener) {
      window.addEventListener('online', listener);
      window.addEventListener('offline', listener);
      return () => {
        window.removeEventListener('online', listener);
        window.removeEventListener('offline', listener);
      };
    },
  };
}

const sameChannels = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((channel, i) => channel === b[i]);

/** One Faye client and its subscriptions; closed for good when the page hides or the member changes. */
interface Connection {
  client: RealtimeClient | null;
  subscriptions: Map<string, RealtimeSubscription>;
  closed: boolean;
}

class RealtimeMonitor {
  private channels: string[] = [];
  private connection: Connection | null = null;
  private watch: Subscription | null = null;
  private reloadTimer: ReturnType<typeof setTimeout> | undefined;
  private pulledSinceStart = false;
  private stopped = false;
  private stopConnectivity: (() => void) | undefined;
  state: RealtimeState = 'idle';

  constructor(
    private readonly createClient: () => RealtimeClient | Promise<RealtimeClient>,
    private readonly visibility: Visibility | undefined,
    private readonly reloadAfterMs: number,
    private readonly connectivity: Connectivity | undefined,
  ) {}

  start(): void {
    this.visibility?.addEventListener('visibilitychange', this.onVisibility);
    this.stopConnectivity = this.connectivity?.listen(this.onVisibility);
    // The auth row and the profile decide the channels; liveQuery follows sign-in, sign-out and
    // account changes from any tab without React.
    this.watch = liveQuery(async () => {
      const auth = (await db.meta.get('auth')) as AuthState | undefined;
      if (auth?.status !== 'authenticated' || auth.profileId === null) return [];
      return memberChannels(await db.profiles.get(auth.profileId));
    }).subscribe({
      next: (channels) => this.setChannels(channels),
      error: (error: unknown) => console.warn('Realtime could not read the signed-in member', error),
    });
  }

  stop(): void {
    this.stopped = true;
    this.state = 'stopped';
    this.visibility?.removeEventListener('visibilitychange', this.onVisibility);
    this.stopConnectivity?.();
    this.watch?.unsubscribe();
    clearTimeout(this.reloadTimer);
    this.close();
  }

  private readonly onVisibility = () => this.reconcile();

  private setChannels(channels: string[]): void {
    if (sameChannels(channels, this.channels)) return;
    const starting = this.channels.length === 0 && channels.length > 0;
    this.channels = channels;
    if (starting) this.scheduleReload();
    this.reconcile();
  }

  /** The list is loaded 3 s after monitoring starts, unless a catch-up already did it. */
  private scheduleReload(): void {
    clearTimeout(this.reloadTimer);
    this.pulledSinceStart = false;
    this.reloadTimer = setTimeout(() => {
      // Offline, coming back online connects, and the subscription catches up then.
      if (!this.pulledSinceStart && !this.stopped && this.channels.length > 0 && this.isOnline()) this.catchUp();
    }, this.reloadAfterMs);
  }

  private isOnline(): boolean {
    return this.connectivity?.onLine ?? true;
  }

  private wanted(): boolean {
    return !this.stopped && this.channels.length > 0 && (this.visibility?.visibilityState ?? 'visible') === 'visible' && this.isOnline();
  }

  private reconcile(): void {
    if (!this.wanted()) {
      this.close();
      if (!this.stopped) this.state = 'idle';
      return;
    }
    if (!this.connection) void this.connect();
    else this.resubscribe(this.connection);
  }

  private close(): void {
    const connection = this.connection;
    this.connection = null;
    if (!connection) return;
    connection.closed = true;
    for (const subscription of connection.subscriptions.values()) safely(() => subscription.cancel());
    connection.subscriptions.clear();
    if (connection.client) safely(() => connection.client!.disconnect());
  }

  private async connect(): Promise<void> {
    const connection: Connection = { client: null, subscriptions: new Map(), closed: false };
    this.connection = connection;
    this.state = 'connecting';
    let client: RealtimeClient;
    try {
      client = await this.createClient();
    } catch (error) {
      // faye could not load (offline before it was cached): the next visibility or member change retries.
      console.warn('Realtime is unavailable', error);
      if (this.connection === connection) {
        this.connection = null;
        this.state = 'down';
      }
      return;
    }
    connection.client = client;
    if (connection.closed) {
      safely(() => client.disconnect());
      return;
    }
    let wasDown = false;
    client.bind('transport:down', () => {
      if (connection.closed) return;
      wasDown = true;
      this.state = 'down';
      void patchStatus({ online: false }).catch(() => undefined);
    });
    client.bind('transport:up', () => {
      if (connection.closed) return;
      this.state = 'up';
      if (!wasDown) return;
      wasDown = false;
      // Back after a gap: messages may have been missed, and queued writes can go now.
      void patchStatus({ online: true }).catch(() => undefined);
      void flushOutbox({ ignoreBackoff: true }).catch(() => undefined);
      this.catchUp();
    });
    this.resubscribe(connection);
  }

  /** Subscribes to channels not yet subscribed, cancels ones no longer wanted; a catch-up follows new ones. */
  private resubscribe(connection: Connection): void {
    const client = connection.client;
    if (!client || connection.closed) return;
    for (const [channel, subscription] of connection.subscriptions) {
      if (this.channels.includes(channel)) continue;
      safely(() => subscription.cancel());
      connection.subscriptions.delete(channel);
    }
    const added = this.channels.filter((channel) => !connection.subscriptions.has(channel));
    if (added.length === 0) return;
    const pending = added.map((channel) => {
      const subscription = client.subscribe(channel, (data) => {
        if (!connection.closed) void applyRealtimeMessage(data).catch((error: unknown) => console.warn('Could not store a realtime message', error));
      });
      connection.subscriptions.set(channel, subscription);
      return Promise.resolve(subscription);
    });
    Promise.all(pending).then(
      () => {
        if (connection.closed) {
          // Faye ignores a disconnect while it is still handshaking; now it is connected, close it.
          safely(() => client.disconnect());
          return;
        }
        this.state = 'up';
        this.catchUp();
      },
      (error: unknown) => {
        if (connection.closed) return;
        // A refused subscription usually means the session ended; the pull finds out (401 signs out).
        console.warn('Realtime subscription failed', error);
        this.catchUp();
      },
    );
  }

  /** Subscribed (again): fetch what arrived while nobody listened. */
  private catchUp(): void {
    void pullNotifications({ force: true })
      .then((result) => {
        if (result === 'fetched') this.pulledSinceStart = true;
      })
      .catch((error: unknown) => console.warn('Could not load notifications', error));
  }
}

function safely(fn: () => void): void {
  try {
    fn();
  } catch {
    // A client that is already gone has nothing left to cancel.
  }
}

let monitor: RealtimeMonitor | null = null;

/** Starts live notifications for whoever is signed in now or later; a second call does nothing. */
export function startRealtime(options: RealtimeOptions = {}): void {
  if (monitor) return;
  try {
    monitor = new RealtimeMonitor(
      options.createClient ?? fayeClient,
      options.visibility ?? browserDocument(),
      options.reloadAfterMs ?? RELOAD_AFTER_START_MS,
      options.connectivity ?? browserConnectivity(),
    );
    monitor.start();
  } catch (error) {
    console.warn('Realtime could not start', error);
    monitor = null;
  }
}

export function stopRealtime(): void {
  monitor?.stop();
  monitor = null;
}

export function realtimeState(): RealtimeState {
  return monitor?.state ?? 'stopped';
}
