// Where our HTTP server (server.mjs) listens: PORT, on HOST when it is set (127.0.0.1 behind
// a proxy on the same machine, which alone may then reach it), else on every interface (a
// container, whose own network is the boundary).
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { config, type Settings } from "../config.server";

/** The port and, when HOST is set, the address to listen on. */
export function listenOptions(settings: Pick<Settings, "PORT" | "HOST"> = config()): { port: number; host?: string } {
  return settings.HOST === undefined ? { port: settings.PORT } : { port: settings.PORT, host: settings.HOST };
}

/** Starts `server` listening as the settings say; the address it listens on once it does. */
export function listen(server: Server, settings: Pick<Settings, "PORT" | "HOST"> = config()): Promise<AddressInfo> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(listenOptions(settings), () => {
      server.off("error", reject);
      resolve(server.address() as AddressInfo);
    });
  });
}
