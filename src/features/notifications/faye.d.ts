// faye ships no type definitions; these describe the parts the page's realtime client uses.
declare module 'faye' {
  interface FayeSubscription extends PromiseLike<void> {
    cancel(): void;
  }

  interface FayeClient {
    subscribe(channel: string, onMessage: (data: unknown) => void): FayeSubscription;
    bind(event: 'transport:down' | 'transport:up', listener: () => void): void;
    /** Node only in practice: e.g. the session cookie for a client outside a browser. */
    setHeader(name: string, value: string): void;
    disconnect(): void;
  }

  interface FayeClientOptions {
    /** Seconds the server may hold a long-poll before the client gives up on it. */
    timeout?: number;
    retry?: number;
  }

  const Faye: {
    Client: new (endpoint: string, options?: FayeClientOptions) => FayeClient;
  };
  export default Faye;
}
