import { connect, type Socket } from "node:net";

/**
 * Raw HTTP/1.1 from a chosen loopback source address (any 127.x address is this machine's), for
 * tests of what one client address may hold: a connection left holding half a request, and the
 * status line one whole request gets.
 */

/** A connection from `from` that has sent half a request and waits (slowloris). */
export const holdHalfRequest = (port: number, from: string, path = "/") =>
  new Promise<Socket>((resolve, reject) => {
    const socket = connect({ port, host: "127.0.0.1", localAddress: from });
    socket.once("error", reject);
    socket.once("connect", () => {
      socket.write(`GET ${path} HTTP/1.1\r\nHost: shop\r\n`);
      resolve(socket);
    });
  });

/** What one whole request from `from` gets: its status line, or how the connection ended without one. */
export const statusLineFrom = (port: number, from: string, path = "/") =>
  new Promise<string>((resolve) => {
    let answer = "";
    const socket = connect({ port, host: "127.0.0.1", localAddress: from });
    socket.setTimeout(5000, () => socket.destroy());
    socket.on("connect", () =>
      socket.write(`GET ${path} HTTP/1.1\r\nHost: shop\r\nConnection: close\r\n\r\n`),
    );
    socket.on("data", (chunk) => {
      answer += chunk.toString("latin1");
    });
    socket.on("error", () => {});
    socket.on("close", () => resolve(answer.split("\r\n", 1)[0] || "closed without an answer"));
  });
