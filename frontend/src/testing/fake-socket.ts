import { act } from "@testing-library/react";
import { type Listener, type LiveSocket, setSocketFactory } from "../lib/socket.ts";

/** An in-memory socket: records what the app emits and lets a test push server events. */
export class FakeSocket implements LiveSocket {
  connected = true;
  readonly emitted: [event: string, ...args: unknown[]][] = [];
  private readonly listeners = new Map<string, Set<Listener>>();

  on(event: string, listener: Listener): this {
    const set = this.listeners.get(event) ?? new Set();
    set.add(listener);
    this.listeners.set(event, set);
    return this;
  }

  off(event: string, listener: Listener): this {
    this.listeners.get(event)?.delete(listener);
    return this;
  }

  emit(event: string, ...args: unknown[]): this {
    this.emitted.push([event, ...args]);
    return this;
  }

  connect(): this {
    this.connected = true;
    this.fire("connect");
    return this;
  }

  disconnect(): this {
    this.connected = false;
    this.fire("disconnect");
    return this;
  }

  listenerCount(event: string): number {
    return this.listeners.get(event)?.size ?? 0;
  }

  /** A server → client event, delivered inside `act` so React (and the query cache's batched notices) settle. */
  async serverEmit(event: string, payload: unknown): Promise<void> {
    await act(async () => this.fire(event, payload));
  }

  private fire(event: string, ...args: unknown[]): void {
    for (const l of [...(this.listeners.get(event) ?? [])]) l(...args);
  }
}

/** Makes the app's socket seam hand out this fake. */
export const installFakeSocket = (): FakeSocket => {
  const socket = new FakeSocket();
  setSocketFactory(() => socket);
  return socket;
};
