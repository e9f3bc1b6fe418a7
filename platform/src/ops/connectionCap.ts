import type { Server } from "node:http";
import type { Socket } from "node:net";
import { PROBLEM_CONTENT_TYPE, Texts } from "@shop/contracts";
import express from "express";
import ipaddr from "ipaddr.js";
import type { Config } from "../config/config.ts";

/** What a refused client is told to wait, in seconds. */
const RETRY_AFTER_SECONDS = 10;

const body = JSON.stringify({
  type: "about:blank",
  title: "Too Many Requests",
  status: 429,
  detail: Texts.tooManyRequests,
});
const REFUSAL =
  "HTTP/1.1 429 Too Many Requests\r\n" +
  `Content-Type: ${PROBLEM_CONTENT_TYPE}\r\n` +
  `Content-Length: ${Buffer.byteLength(body)}\r\n` +
  `Retry-After: ${RETRY_AFTER_SECONDS}\r\n` +
  "Cache-Control: no-store\r\n" +
  "Connection: close\r\n\r\n" +
  body;

/**
 * The client a connection's address stands for: an IPv4 address however it is written (an
 * IPv4-mapped IPv6 one is the same client), an IPv6 one by its /64, the block one home, office or
 * phone network is given (counting each of its 2^64 addresses apart would cap nothing).
 */
export const addressKey = (address: string | undefined): string => {
  if (!address) return "unknown";
  if (!ipaddr.isValid(address)) return address;
  const ip = ipaddr.process(address);
  if (ip.kind() === "ipv4") return ip.toString();
  const parts = (ip as ipaddr.IPv6).parts.slice(0, 4);
  return `${parts.map((p) => p.toString(16)).join(":")}::/64`;
};

export interface ConnectionCapOptions {
  /** Most connections one client address may hold at once; 0 for no cap. */
  max: number;
  /** A peer whose connections carry many clients (the trusted proxy): never counted. */
  trustedPeer?: (address: string) => boolean;
  /** Called for each connection refused. */
  onRefused?: () => void;
}

/**
 * Caps the connections one client address holds open at once. Without it, one machine holding
 * thousands of idle connections (slowloris, or anonymous sockets) spends the process's file
 * descriptors and memory, and every other customer is locked out. A connection past the cap gets
 * 429 with Retry-After and is closed before any of its bytes are read, so no request on it reaches
 * the app. Counted on the TCP peer: behind a trusted proxy, that proxy limits its clients
 * (deploy/nginx.conf `limit_conn`).
 */
/**
 * How many of something (connections, live sessions) each client address holds now, against a
 * cap: `admits` says whether one more may be opened, `hold` counts one and answers its release.
 * The trusted proxy's address is never capped (it carries many clients). A cap of 0 admits all.
 */
export function addressCounter(max: number, trustedPeer?: (address: string) => boolean) {
  const open = new Map<string, number>();
  const exempt = (address: string | undefined) =>
    max <= 0 || (address !== undefined && trustedPeer?.(address) === true);
  return {
    admits(address: string | undefined): boolean {
      return exempt(address) || (open.get(addressKey(address)) ?? 0) < max;
    },
    hold(address: string | undefined): () => void {
      if (exempt(address)) return () => {};
      const key = addressKey(address);
      open.set(key, (open.get(key) ?? 0) + 1);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        const left = (open.get(key) ?? 1) - 1;
        if (left > 0) open.set(key, left);
        else open.delete(key);
      };
    },
  };
}

/**
 * Caps the connections one client address holds open at once. Without it, one machine holding
 * thousands of idle connections (slowloris, or anonymous sockets) spends the process's file
 * descriptors and memory, and every other customer is locked out. A connection past the cap gets
 * 429 with Retry-After and is closed before any of its bytes are read, so no request on it reaches
 * the app. Counted on the TCP peer: behind a trusted proxy, that proxy limits its clients
 * (deploy/nginx.conf `limit_conn`).
 */
export function capConnectionsPerAddress(server: Server, options: ConnectionCapOptions): void {
  if (options.max <= 0) return;
  const counter = addressCounter(options.max, options.trustedPeer);
  server.on("connection", (socket: Socket) => {
    const address = socket.remoteAddress;
    if (!counter.admits(address)) {
      options.onRefused?.();
      socket.on("error", () => {});
      // Written before any request is read: a client that has sent nothing yet hears the 429; one
      // whose request is already on its way may see the connection reset instead.
      socket.write(REFUSAL);
      socket.destroy();
      return;
    }
    socket.once("close", counter.hold(address));
  });
}

/**
 * Whether a TCP peer is a proxy the service trusts (TRUST_PROXY, as Express reads "trust proxy"):
 * the same rule that decides whose X-Forwarded-For is believed decides whose connections are not
 * one client's.
 */
export const trustedPeerOf = (trustProxy: string | false): ((address: string) => boolean) => {
  const rule = express().set("trust proxy", trustProxy).get("trust proxy fn") as (
    a: string,
    i: number,
  ) => boolean;
  return (address) => rule(address, 0);
};

/** A service's cap on one address's connections, from its configuration (for `listenObserved`). */
export const connectionLimitsOf = (config: Pick<Config, "connectionsPerAddress" | "trustProxy">) => ({
  connectionsPerAddress: config.connectionsPerAddress,
  trustProxy: config.trustProxy,
});
