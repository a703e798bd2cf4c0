// A post's form as the actions read it: the same fields, in the same order, as the fetch
// standard's own reading gives, and a clear refusal for what is not a form of ours.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readForm } from "../../app/server/http/form-body.server";

const url = "http://localhost/final-checkout/0b7e0a53-6f1c-4a4e-9d8e-1c2b3a4d5e6f";
const urlEncoded = "application/x-www-form-urlencoded";

const post = (body: BodyInit, contentType?: string) =>
  new Request(url, { method: "POST", body, headers: contentType ? { "Content-Type": contentType } : {} });

/** The fetch standard's reading of the same bytes, which ours must match. */
const standardReading = (bytes: Buffer<ArrayBuffer>, contentType: string) => post(bytes, contentType).formData();

const entriesOf = (form: FormData) => [...form.entries()];

async function refusalOf(reading: Promise<unknown>) {
  const refusal = await reading.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  return refusal as { init: { status: number }; data: { message: string } } | undefined;
}

describe("a form post's fields", () => {
  it("reads a URL-encoded form as the standard does, whatever its names and values", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.string({ unit: "grapheme" }), fc.string({ unit: "grapheme" })), { maxLength: 12 }),
        async (pairs) => {
          const bytes = Buffer.from(new URLSearchParams(pairs).toString());
          const ours = await readForm(post(bytes, urlEncoded));
          expect(entriesOf(ours)).toEqual(entriesOf(await standardReading(bytes, urlEncoded)));
          expect(entriesOf(ours)).toEqual(pairs);
        },
      ),
      { numRuns: 200 },
    );
  });

  it("reads bytes no browser would send (stray %, +, bad UTF-8, a charset) as the standard does", async () => {
    const bodies = ["a=%zz&b=%E2%82&c=one+two&&=x&d", "firstName=Ana%20Mar%C3%ADa&firstName=again", "", "=&=&"];
    for (const text of bodies) {
      const bytes: Buffer<ArrayBuffer> = Buffer.concat([Buffer.from(text), Buffer.from([0xff])]);
      for (const type of [urlEncoded, `${urlEncoded}; charset=UTF-8`, "Application/X-WWW-Form-Urlencoded"]) {
        expect(entriesOf(await readForm(post(bytes, type))), `${text} as ${type}`).toEqual(entriesOf(await standardReading(bytes, type)));
      }
    }
  });

  it("keeps a repeated field's values in the order they came", async () => {
    const form = await readForm(post("medication=a&concern=hot&medication=b", urlEncoded));
    expect(form.getAll("medication")).toEqual(["a", "b"]);
    expect(form.get("concern")).toBe("hot");
  });

  it("reads a multipart form too", async () => {
    const sent = new FormData();
    sent.append("email", "ana@example.org");
    sent.append("state", "NY");
    const form = await readForm(new Request(url, { method: "POST", body: sent }));
    expect(entriesOf(form)).toEqual([
      ["email", "ana@example.org"],
      ["state", "NY"],
    ]);
  });

  it("reads the form once for all who ask (the guard and the action)", async () => {
    const request = post("a=1", urlEncoded);
    const first = readForm(request);
    expect(readForm(request)).toBe(first);
    expect((await first).get("a")).toBe("1");
  });

  it("refuses what is not a web form with 415, and a form past 16 KB with 413", async () => {
    for (const type of [undefined, "application/json", "text/plain"]) {
      const refusal = await refusalOf(readForm(post("a=1", type)));
      expect(refusal?.init.status, String(type)).toBe(415);
      expect(refusal?.data.message).toBe("This form must be sent as a web form. Please go back and try again.");
    }
    const tooLarge = await refusalOf(readForm(post(`a=${"x".repeat(16 * 1024)}`, urlEncoded)));
    expect(tooLarge?.init.status).toBe(413);
  });

  it("refuses a broken multipart body with 400, not a server error", async () => {
    const refusal = await refusalOf(readForm(post("not multipart at all", "multipart/form-data; boundary=x")));
    expect(refusal?.init.status).toBe(400);
    expect(refusal?.data.message).toBe("This form could not be read. Please go back and try again.");
  });
});
