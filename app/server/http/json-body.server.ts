// Reads a JSON post of a resource route defensively: the wrong content type, an oversized
// body or text that is not a JSON object is a clear 4xx, never a 500. The body is counted as it
// arrives and never read past the limit (body-cap).
import { readRequestWithin, tooLargeMessages } from "./body-cap.server";

/** No resource route of ours needs more than this. */
const maxJsonBytes = 16 * 1024;

export type JsonBody =
  /** `text`: the body as it came, for a signature made over its bytes. */
  | { ok: true; value: Record<string, unknown>; text: string }
  /** `text` where the body was read: a signature over it can still be checked. */
  | { ok: false; status: 400 | 413 | 415; message: string; text?: string };

export async function readJson(request: Request): Promise<JsonBody> {
  const type = request.headers.get("Content-Type")?.split(";")[0]?.trim().toLowerCase();
  if (type !== "application/json") {
    return { ok: false, status: 415, message: "Send the details as JSON (Content-Type: application/json)." };
  }
  const body = await readRequestWithin(request, maxJsonBytes);
  if (body.status === "too large") return { ok: false, status: 413, message: tooLargeMessages.json };
  if (body.status === "broken") return { ok: false, status: 400, message: "The body could not be read." };
  // As request.text() decodes it (a byte-order mark dropped, bad bytes replaced).
  const text = new TextDecoder().decode(body.bytes);
  try {
    const value: unknown = JSON.parse(text);
    if (value && typeof value === "object" && !Array.isArray(value)) return { ok: true, value: value as Record<string, unknown>, text };
  } catch {
    // falls through to the refusal below
  }
  return { ok: false, status: 400, message: "The body must be a JSON object.", text };
}
