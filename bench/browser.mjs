// A browser without JavaScript, over HTTP: a cookie jar, GET a page, read its forms, press a
// submit button (the form's fields as the page gave them, some filled in), follow 303s by
// hand. Enough of HTML for the pages this app renders (React's server output: attribute
// values always double-quoted and escaped, no nested forms).

const tagPattern = /<(\/?)([a-zA-Z][\w-]*)((?:\s+[^\s=>/]+(?:\s*=\s*"[^"]*")?)*)\s*\/?>/g;
const attributePattern = /([^\s=>/]+)(?:\s*=\s*"([^"]*)")?/g;

const entities = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" };
export function decodeEntities(text) {
  return text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, code) => {
    if (code[0] === "#") {
      const n = code[1] === "x" || code[1] === "X" ? parseInt(code.slice(2), 16) : parseInt(code.slice(1), 10);
      return String.fromCodePoint(n);
    }
    return entities[code.toLowerCase()] ?? whole;
  });
}

function attributesOf(source) {
  const attributes = {};
  for (const [, name, value] of source.matchAll(attributePattern)) {
    attributes[name.toLowerCase()] = value === undefined ? "" : decodeEntities(value);
  }
  return attributes;
}

/** Every start tag of a name, with its attributes and where it starts and ends. */
export function tagsOf(html, name) {
  const tags = [];
  for (const match of html.matchAll(tagPattern)) {
    if (match[1] || match[2].toLowerCase() !== name) continue;
    tags.push({ attributes: attributesOf(match[3]), start: match.index, end: match.index + match[0].length });
  }
  return tags;
}

/** The text between a start tag and its closing tag, tags removed, entities decoded. */
function innerText(html, tag, name) {
  const close = html.indexOf(`</${name}>`, tag.end);
  const inner = close === -1 ? "" : html.slice(tag.end, close);
  return decodeEntities(inner.replace(/<[^>]*>/g, ""))
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * The forms of a page: each with its method, action and controls in document order. A control
 * belongs to the form it sits in, or to the one its `form` attribute names.
 */
export function formsOf(html, pageUrl) {
  const forms = tagsOf(html, "form").map((tag) => {
    const close = html.indexOf("</form>", tag.end);
    return {
      id: tag.attributes.id,
      method: (tag.attributes.method ?? "get").toLowerCase(),
      action: new URL(tag.attributes.action ?? pageUrl, pageUrl).href,
      start: tag.start,
      end: close === -1 ? html.length : close,
      controls: [],
    };
  });
  const formOf = (control) =>
    control.attributes.form !== undefined
      ? forms.find((form) => form.id === control.attributes.form)
      : forms.find((form) => control.start > form.start && control.start < form.end);
  const controls = [];
  for (const tag of tagsOf(html, "input")) controls.push({ kind: "input", ...tag });
  for (const tag of tagsOf(html, "button")) controls.push({ kind: "button", ...tag, text: innerText(html, tag, "button") });
  for (const tag of tagsOf(html, "textarea")) controls.push({ kind: "textarea", ...tag, value: innerText(html, tag, "textarea") });
  for (const tag of tagsOf(html, "select")) {
    const close = html.indexOf("</select>", tag.end);
    const options = tagsOf(html.slice(tag.end, close), "option").map((option) => option.attributes);
    const chosen = options.find((option) => "selected" in option) ?? options[0];
    controls.push({ kind: "select", ...tag, value: chosen ? (chosen.value ?? "") : "" });
  }
  controls.sort((a, b) => a.start - b.start);
  for (const control of controls) formOf(control)?.controls.push(control);
  return forms;
}

/** The name/value pairs a browser would send for a form when this button is pressed. */
function formEntries(form, pressed, fill) {
  const entries = [];
  const filled = new Set();
  for (const control of form.controls) {
    const { name, type = "text", disabled } = control.attributes;
    if (!name || disabled !== undefined) continue;
    if (control.kind === "button" || (control.kind === "input" && ["submit", "image", "reset", "button"].includes(type))) {
      if (control === pressed) entries.push([name, control.attributes.value ?? ""]);
      continue;
    }
    if (name in fill) {
      if (filled.has(name)) continue;
      filled.add(name);
      const value = fill[name];
      if (value === false || value === null) continue; // an unticked box, a radio left alone
      entries.push([name, value === true ? (control.attributes.value ?? "on") : String(value)]);
      continue;
    }
    if (control.kind === "input" && (type === "checkbox" || type === "radio")) {
      if ("checked" in control.attributes) entries.push([name, control.attributes.value ?? "on"]);
      continue;
    }
    const value = control.kind === "input" ? (control.attributes.value ?? "") : control.value;
    entries.push([name, value]);
  }
  for (const name of Object.keys(fill)) {
    if (!filled.has(name)) throw new Error(`no field named ${name} in the form (${form.action})`);
  }
  return entries;
}

/** A visitor: one cookie jar, and the addresses she has been sent to. */
export class Browser {
  constructor(origin) {
    this.origin = origin;
    this.cookies = new Map();
  }

  /** The same visitor (the same cookie jar) on another instance of the app. */
  at(origin) {
    const other = new Browser(origin);
    other.cookies = this.cookies;
    return other;
  }

  cookieHeader() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  keepCookies(response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(";");
      const at = pair.indexOf("=");
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      const gone = attributes.some((a) => {
        const [key, v = ""] = a.trim().split("=");
        if (key.toLowerCase() === "max-age") return Number(v) <= 0;
        if (key.toLowerCase() === "expires") return Date.parse(v) <= Date.now();
        return false;
      });
      if (gone || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  /** One request, no redirect followed; the answer's body read as text. */
  async request(path, { method = "GET", body, headers = {} } = {}) {
    const url = new URL(path, this.origin).href;
    const started = performance.now();
    const response = await fetch(url, {
      method,
      body,
      redirect: "manual",
      headers: {
        Accept: "text/html",
        ...(this.cookies.size ? { Cookie: this.cookieHeader() } : {}),
        ...(method === "POST"
          ? { "Content-Type": "application/x-www-form-urlencoded", Origin: this.origin, "Sec-Fetch-Site": "same-origin" }
          : {}),
        ...headers,
      },
    });
    const bytes = Buffer.from(await response.arrayBuffer());
    const ms = performance.now() - started;
    this.keepCookies(response);
    const location = response.headers.get("location");
    return {
      url,
      status: response.status,
      headers: response.headers,
      bytes,
      text: bytes.toString("utf8"),
      ms,
      location: location ? new URL(location, url).href : undefined,
    };
  }

  /** GET, following redirects as a browser would; the last answer. */
  async open(path, limit = 10) {
    let answer = await this.request(path);
    while (answer.status >= 300 && answer.status < 400 && answer.location && limit-- > 0) {
      answer = await this.request(answer.location);
    }
    return answer;
  }

  /**
   * Presses a page's submit button (found by its text, or by name and value) with some fields
   * filled in; the POST's own answer (a 303 is not followed).
   */
  press(page, button, fill = {}) {
    return this.pressing(page, button, fill)();
  }

  /**
   * The press, read from the page now and sent when called: a burst reads every form before
   * it starts, so its clock measures the app, not this reader's HTML parsing.
   */
  pressing(page, button, fill = {}) {
    const forms = formsOf(page.text, page.url);
    const matches = (control) =>
      (control.kind === "button" || ["submit", "image"].includes(control.attributes.type)) &&
      (typeof button === "string"
        ? control.text === button || control.attributes.value === button
        : control.attributes.name === button.name && control.attributes.value === button.value);
    for (const form of forms) {
      const pressed = form.controls.find(matches);
      if (!pressed) continue;
      const action = pressed.attributes.formaction ? new URL(pressed.attributes.formaction, page.url).href : form.action;
      const body = new URLSearchParams(formEntries(form, pressed, fill)).toString();
      return () => this.request(action, { method: "POST", body });
    }
    throw new Error(`no button ${JSON.stringify(button)} on ${page.url} (status ${page.status})`);
  }
}
