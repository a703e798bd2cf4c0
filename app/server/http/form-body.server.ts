// Reads a form post defensively: the wrong content type or an oversized body is a clear 4xx,
// never a 500.
import { refusePage } from "./page-refusal.server";

/** No step of the funnel needs more than this; a larger post is not one of ours. */
const maxFormBytes = 16 * 1024;

export async function readForm(request: Request): Promise<FormData> {
  const type = request.headers.get("Content-Type")?.split(";")[0]?.trim().toLowerCase();
  if (type !== "application/x-www-form-urlencoded" && type !== "multipart/form-data") {
    refusePage(415, "This form must be sent as a web form. Please go back and try again.");
  }
  const declared = Number(request.headers.get("Content-Length") ?? "0");
  if (declared > maxFormBytes) refusePage(413, "That was more than this form accepts. Please go back and try again.");
  const body = await request.arrayBuffer();
  if (body.byteLength > maxFormBytes) refusePage(413, "That was more than this form accepts. Please go back and try again.");
  try {
    return await new Request(request.url, {
      method: "POST",
      headers: { "Content-Type": request.headers.get("Content-Type")! },
      body,
    }).formData();
  } catch {
    refusePage(400, "This form could not be read. Please go back and try again.");
  }
}
