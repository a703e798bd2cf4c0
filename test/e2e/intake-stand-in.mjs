// A stand-in for the external intake flow (spec section 2, "External destinations"), for the
// end-to-end tests only. It answers any GET with a small page that echoes the path and the
// query string as a definition list, so a test can read what the funnel handed over the way
// a visitor would see it. Usage: node test/e2e/intake-stand-in.mjs [port]  (or INTAKE_PORT)
import { createServer } from "node:http";

const port = Number(process.argv[2] ?? process.env.INTAKE_PORT ?? 3199);

const escapeHtml = (text) =>
  String(text).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);

function page(url) {
  const rows = [...url.searchParams]
    .map(([name, value]) => `<dt>${escapeHtml(name)}</dt><dd>${escapeHtml(value)}</dd>`)
    .join("");
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Intake</title></head>
<body>
<main>
<h1>Intake</h1>
<p>Path: <code>${escapeHtml(url.pathname)}</code></p>
<dl aria-label="Query parameters">${rows}</dl>
</main>
</body>
</html>
`;
}

const server = createServer((req, res) => {
  const url = new URL(req.url ?? "/", "http://intake.invalid");
  if (req.method !== "GET" && req.method !== "HEAD") {
    res.writeHead(405, { Allow: "GET, HEAD" }).end();
    return;
  }
  if (url.pathname === "/favicon.ico") {
    res.writeHead(204).end();
    return;
  }
  res.writeHead(200, { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" });
  res.end(req.method === "HEAD" ? undefined : page(url));
});

server.listen(port, "127.0.0.1", () => {
  console.log(`[intake-stand-in] http://127.0.0.1:${port}`);
});

for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.close(() => process.exit(0)));
