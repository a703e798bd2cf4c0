// The first anchor: a child process (like the app) answering the same bytes for every request,
// `node bench/static-server.mjs PORT BODY_FILE CONTENT_TYPE`; it tells its parent when it listens.
import { readFileSync } from "node:fs";
import { createServer } from "node:http";

function serveStatic([port, bodyFile, contentType]) {
  const body = readFileSync(bodyFile);
  createServer((_req, res) => {
    res.writeHead(200, { "Content-Type": contentType, "Content-Length": body.length });
    res.end(body);
  }).listen(Number(port), () => process.send?.("ready"));
}

serveStatic(process.argv.slice(2));
