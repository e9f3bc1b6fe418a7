export type Listener = (...args: unknown[]) => void;

/** The part of a socket.io client the app uses; tests inject a fake through `setSocketFactory`. */
export interface LiveSocket {
  on(event: string, listener: Listener): unknown;
  off(event: string, listener: Listener): unknown;
  emit(event: string, ...args: unknown[]): unknown;
  connect(): unknown;
  disconnect(): unknown;
  readonly connected: boolean;
}

export type SocketFactory = () => LiveSocket | Promise<LiveSocket>;

/** Resolves once the page has loaded: its script, and the images and data its first screen asked for. */
export const pageLoaded = (): Promise<void> =>
  document.readyState === "complete"
    ? Promise.resolve()
    : new Promise((resolve) => window.addEventListener("load", () => resolve(), { once: true }));

// socket.io-client is loaded on first use, keeping it out of the initial bundle, and not before the
// page has loaded: on a phone on a slow network its 41 kB and handshake would otherwise share the
// line with the first screen's images (nothing live can be missed before the first screen shows).
const connectToServer: SocketFactory = async () => {
  await pageLoaded();
  const { io } = await import("socket.io-client");
  return io({ path: "/socket.io", withCredentials: true, transports: ["websocket", "polling"] });
};

let factory: SocketFactory = connectToServer;
let current: Promise<LiveSocket> | null = null;

/** The shared connection, created on first call. */
export const getSocket = (): Promise<LiveSocket> => {
  current ??= Promise.resolve(factory());
  return current;
};

/** The handshake reads the session cookie, so a login or logout needs a fresh connection. */
export const reconnectSocket = async (): Promise<void> => {
  if (!current) return;
  const socket = await current;
  socket.disconnect();
  socket.connect();
};

/** Test seam: the next `getSocket` uses this factory (or the real one when called with nothing). */
export const setSocketFactory = (next?: SocketFactory): void => {
  if (current) void current.then((s) => s.disconnect());
  current = null;
  factory = next ?? connectToServer;
};

/** Adds a typed listener for a server event (payload shapes per API.md "Live"); returns its removal. */
export const listen = <T>(
  socket: LiveSocket,
  event: string,
  listener: (payload: T) => void,
): (() => void) => {
  const untyped = listener as Listener;
  socket.on(event, untyped);
  return () => socket.off(event, untyped);
};

/** `listen` on the shared connection, creating it if need be. */
export const subscribe = <T>(event: string, listener: (payload: T) => void): (() => void) => {
  let off: (() => void) | null = null;
  let cancelled = false;
  void getSocket().then((s) => {
    if (!cancelled) off = listen(s, event, listener);
  });
  return () => {
    cancelled = true;
    off?.();
  };
};
