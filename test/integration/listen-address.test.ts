// Where the server listens (server.mjs through app/server/http/listen.server.ts): with
// HOST=127.0.0.1 only this machine's loopback address answers, so behind a proxy on the same
// host no one else can reach the app and name any client in X-Forwarded-For; unset, every
// interface does (a container). The other address tried is 127.0.0.2: on Linux the whole of
// 127.0.0.0/8 is this machine, so it answers whenever the server listens beyond 127.0.0.1.
import { createServer as createHttpServer, type Server } from "node:http";
import { connect, createServer } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { ConfigurationError, parseSettings } from "../../app/server/config.server";
import { listen } from "../../app/server/http/listen.server";

const servers: Server[] = [];

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

/** A port free on every interface now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** What a connection to `host:port` meets: "answered" (an HTTP answer came), or the error's code. */
function tryConnect(host: string, port: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    socket.setTimeout(3_000, () => {
      socket.destroy();
      resolve("timed out");
    });
    socket.once("connect", () => socket.write("GET / HTTP/1.1\r\nHost: test\r\nConnection: close\r\n\r\n"));
    socket.once("data", (chunk) => {
      socket.destroy();
      resolve(chunk.toString("latin1").startsWith("HTTP/1.1 200") ? "answered" : "unexpected answer");
    });
    socket.once("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });
}

/** Our server's listen, with the settings `env` parses to. */
async function startWith(env: Record<string, string>) {
  const server = createHttpServer((_request, response) => response.end("ok"));
  servers.push(server);
  return listen(server, parseSettings(env));
}

describe("the address the server listens on", () => {
  it("with HOST=127.0.0.1 answers on 127.0.0.1 and refuses on another address of this machine", async () => {
    const port = await freePort();
    const address = await startWith({ PORT: String(port), HOST: "127.0.0.1" });
    expect(address).toMatchObject({ address: "127.0.0.1", port });
    expect(await tryConnect("127.0.0.1", port)).toBe("answered");
    expect(await tryConnect("127.0.0.2", port)).toBe("ECONNREFUSED");
  });

  it("without HOST answers on every interface, 127.0.0.2 included (as before: a container's default)", async () => {
    const port = await freePort();
    const address = await startWith({ PORT: String(port) });
    expect(["::", "0.0.0.0"]).toContain(address.address);
    expect(await tryConnect("127.0.0.1", port)).toBe("answered");
    expect(await tryConnect("127.0.0.2", port)).toBe("answered");
  });

  it("stops the server at start on a HOST that is no address", () => {
    for (const host of ["http://127.0.0.1", "127.0.0.1:3000", "a host", "-bad-.example"]) {
      expect(() => parseSettings({ HOST: host }), host).toThrow(ConfigurationError);
    }
    for (const host of ["127.0.0.1", "::1", "::", "0.0.0.0", "localhost", "app.internal"])
      expect(parseSettings({ HOST: host }).HOST).toBe(host);
    expect(parseSettings({ HOST: "" }).HOST).toBeUndefined();
  });
});
