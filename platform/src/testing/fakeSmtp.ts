import { once } from "node:events";
import { createServer, type Server, type Socket } from "node:net";

/**
 * An SMTP server on loopback: `silent` accepts and never greets; `stall` takes the message and
 * never answers its end (the reply a sender waits for longest); `ok` answers everything.
 * `stalled` counts the messages whose end went unanswered.
 */
export const fakeSmtp = async (mode: "silent" | "stall" | "ok") => {
  const sockets = new Set<Socket>();
  const received: string[] = [];
  let stalled = 0;
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on("error", () => {});
    if (mode === "silent") return;
    socket.write("220 fake ESMTP\r\n");
    let inData = false;
    let buffered = "";
    socket.on("data", (chunk) => {
      buffered += chunk.toString();
      for (let end = buffered.indexOf("\r\n"); end >= 0; end = buffered.indexOf("\r\n")) {
        const line = buffered.slice(0, end);
        buffered = buffered.slice(end + 2);
        if (inData) {
          if (line !== ".") continue;
          inData = false;
          if (mode === "stall") {
            stalled += 1;
            continue;
          }
          received.push("mail");
          socket.write("250 queued\r\n");
        } else if (/^EHLO/i.test(line)) socket.write("250-fake\r\n250 8BITMIME\r\n");
        else if (/^DATA/i.test(line)) {
          inData = true;
          socket.write("354 go on\r\n");
        } else if (/^QUIT/i.test(line)) socket.end("221 bye\r\n");
        else socket.write("250 ok\r\n");
      }
    });
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    stalled: () => stalled,
    close: () => {
      for (const s of sockets) s.destroy();
      server.close();
    },
  };
};
