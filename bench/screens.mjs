// Every screen's weight, as the bench's table shows it: gzipped HTML, <script> elements, and
// the gzipped JS and CSS each screen makes the browser fetch.
import { gzipSync } from "node:zlib";
import { Browser, tagsOf } from "./browser.mjs";
import { completePurchase, expectRedirect, walkFunnel } from "./drive-funnel.mjs";
import { spanishButtons } from "./spanish.mjs";

const gzipSize = (bytes) => gzipSync(bytes, { level: 6 }).length; // compression()'s level

/** The same-origin modules a JS text imports statically (`import"…"`, `from"…"`). */
function staticImports(source, base) {
  return [...source.matchAll(/\b(?:import|from)\s*["']([^"']+)["']/g)].map((m) => new URL(m[1], base).href);
}

/** Fetches each asset once; its gzipped size and text. */
function createAssetReader() {
  const cache = new Map();
  return function read(url) {
    if (!cache.has(url)) {
      cache.set(
        url,
        (async () => {
          const answer = await fetch(url);
          const bytes = Buffer.from(await answer.arrayBuffer());
          if (!answer.ok) throw new Error(`${url} answered ${answer.status}`);
          return { gz: gzipSize(bytes), text: bytes.toString("utf8") };
        })(),
      );
    }
    return cache.get(url);
  };
}

/** A page's weight: its HTML, its <script> elements, and what JS and CSS it makes the browser fetch. */
async function weighPage(label, page, readAsset) {
  const { html, origin } = { html: page.text, origin: new URL(page.url).origin };
  const scripts = tagsOf(html, "script");
  const jsEntries = new Set();
  const external = new Set();
  const addJs = (href) => {
    const url = new URL(href, page.url);
    if (url.origin === origin) jsEntries.add(url.href);
    else external.add(url.href);
  };
  for (const script of scripts) {
    if (script.attributes.src) addJs(script.attributes.src);
    else if (script.attributes.type === "module") {
      const body = html.slice(script.end, html.indexOf("</script>", script.end));
      for (const url of staticImports(body, page.url)) addJs(url);
    }
  }
  const css = new Set();
  for (const link of tagsOf(html, "link")) {
    const rel = (link.attributes.rel ?? "").toLowerCase().split(/\s+/);
    if (!link.attributes.href) continue;
    if (rel.includes("modulepreload")) addJs(link.attributes.href);
    if (rel.includes("stylesheet")) css.add(new URL(link.attributes.href, page.url).href);
  }
  // Everything the entry modules import statically is fetched too, preloaded or not.
  const jsFiles = new Set();
  const queue = [...jsEntries];
  while (queue.length) {
    const url = queue.shift();
    if (jsFiles.has(url) || new URL(url).origin !== origin) continue;
    jsFiles.add(url);
    const { text } = await readAsset(url);
    queue.push(...staticImports(text, url));
  }
  let jsGz = 0;
  for (const url of jsFiles) jsGz += (await readAsset(url)).gz;
  let cssGz = 0;
  for (const url of css) cssGz += (await readAsset(url)).gz;
  return {
    label,
    status: page.status,
    htmlGz: gzipSize(page.bytes),
    scripts: scripts.length,
    jsGz,
    jsFiles: jsFiles.size,
    externalJs: external.size,
    cssGz,
    hydrates: label.startsWith("/final-checkout"),
  };
}

export async function measureScreens(origin) {
  const readAsset = createAssetReader();
  const rows = [];
  let welcome;
  const visit = async (label, page) => {
    if (label === "/welcome") welcome = page;
    rows.push(await weighPage(label, page, readAsset));
  };
  const { browser, uuid, finalCheckout } = await walkFunnel(origin, { email: "bench.screens@example.org", visit });

  // /congratulations is the other way in (a new flow of her own), shown before the intake.
  await visit("/congratulations", await new Browser(origin).open("/congratulations"));

  const paid = await completePurchase(browser, finalCheckout);
  try {
    const location = expectRedirect(paid, `/payment-complete/${uuid}`);
    await visit("/payment-complete/{uuid}", await browser.request(location));
  } catch (error) {
    rows.push({ label: "/payment-complete/{uuid}", missing: error.message });
  }
  await visit("/thank-you", await browser.open("/thank-you"));
  await visit("/home?variant=classic", await new Browser(origin).open("/home?variant=classic"));
  await visit("/terms", await new Browser(origin).open("/terms"));
  await visit("/privacy", await new Browser(origin).open("/privacy"));
  await visit("404 page (/no-such-page)", await new Browser(origin).open("/no-such-page"));

  // In Spanish: the same walk from /welcome?lang=es (her session keeps the language), paid, and
  // the entry pages' Spanish copies, each its own shared address.
  const inSpanish = (label) => `${label} (es)`;
  const spanishWalk = await walkFunnel(origin, {
    email: "bench.screens.es@example.org",
    lang: "es",
    buttons: spanishButtons,
    visit: (label, page) => visit(inSpanish(label), page),
  });
  const paidInSpanish = await completePurchase(spanishWalk.browser, spanishWalk.finalCheckout, spanishButtons);
  try {
    const location = expectRedirect(paidInSpanish, `/payment-complete/${spanishWalk.uuid}`);
    await visit(inSpanish("/payment-complete/{uuid}"), await spanishWalk.browser.request(location));
  } catch (error) {
    rows.push({ label: inSpanish("/payment-complete/{uuid}"), missing: error.message });
  }
  for (const [label, path] of [
    ["/congratulations", "/congratulations?lang=es"],
    ["/thank-you", "/thank-you?lang=es"],
    ["/home?variant=classic", "/home?variant=classic&lang=es"],
    ["/terms", "/terms?lang=es"],
    ["/privacy", "/privacy?lang=es"],
  ]) {
    await visit(inSpanish(label), await new Browser(origin).open(path));
  }

  const order = [
    "/welcome",
    "/concerns/{uuid}",
    "/social-proof/{uuid}",
    "/congratulations",
    "/checkout/{uuid}",
    "/pre-checkout/{uuid}",
    "/final-checkout/{uuid}",
    "/payment-complete/{uuid}",
    "/thank-you",
    "/home?variant=classic",
    "/terms",
    "/privacy",
    "404 page (/no-such-page)",
  ];
  // Each page's Spanish row right under its English one.
  const rank = (label) => order.indexOf(label.replace(/ \(es\)$/, "")) * 2 + (label.endsWith(" (es)") ? 1 : 0);
  rows.sort((a, b) => rank(a.label) - rank(b.label));
  return { rows, welcome };
}
