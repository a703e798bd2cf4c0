// Reads a form post defensively: the wrong content type or an oversized body is a clear 4xx,
// never a 500. The body is counted as it arrives and never read past the limit (body-cap).
import { readRequestWithin, tooLargeMessages } from "./body-cap.server";
import { refusePage } from "./page-refusal.server";

/** No form of ours needs more than this; a larger post is not one of ours. */
const maxFormBytes = 16 * 1024;

/**
 * Each post's form, read once: the action reads it, and so may the flow's guard (a new
 * visitor's first post names its flow in the form: require-flow.server.ts).
 */
const formsRead = new WeakMap<Request, Promise<FormData>>();

export function readForm(request: Request): Promise<FormData> {
  let form = formsRead.get(request);
  if (!form) formsRead.set(request, (form = readFormOnce(request)));
  return form;
}

async function readFormOnce(request: Request): Promise<FormData> {
  const type = request.headers.get("Content-Type")?.split(";")[0]?.trim().toLowerCase();
  if (type !== "application/x-www-form-urlencoded" && type !== "multipart/form-data") {
    refusePage(415, "This form must be sent as a web form. Please go back and try again.");
  }
  const body = await readRequestWithin(request, maxFormBytes);
  if (body.status === "too large") refusePage(413, tooLargeMessages.form);
  if (body.status === "broken") refusePage(400, "This form could not be read. Please go back and try again.");
  // A form without a file, which is every form of ours: its fields read as the fetch
  // standard reads them (UTF-8, then the URL-encoded pairs, in order), without building a
  // second Request and stream around bytes already in hand.
  if (type === "application/x-www-form-urlencoded") return formOfPairs(new URLSearchParams(body.bytes.toString("utf8")));
  try {
    return await new Request(request.url, {
      method: "POST",
      headers: { "Content-Type": request.headers.get("Content-Type")! },
      body: body.bytes,
    }).formData();
  } catch {
    refusePage(400, "This form could not be read. Please go back and try again.");
  }
}

function formOfPairs(pairs: URLSearchParams): FormData {
  const form = new FormData();
  for (const [name, value] of pairs) form.append(name, value);
  return form;
}
