// Sharing her plan with her own doctor (spec section 1): the printable summary at a signed
// address (tampered or another flow's opens nothing; a uuid alone opens nothing), and
// "Email it to my doctor" sent once through the outbox, rate limited, holding nothing of hers
// but her first name, her plan and her note.
import { beforeEach, describe, expect, it } from "vitest";
import * as sharedPlan from "../../app/routes/plan.$token";
import * as checkout from "../../app/routes/checkout.($responderUuid)";
import { listStoredEmails } from "../../app/server/db/stores/stored-emails.server";
import { deliverDueOutboxMessages } from "../../app/server/outbox.server";
import { planSummaryToken } from "../../app/server/plan-link.server";
import { provider } from "../../app/server/provider/index.server";
import { aPerson } from "../support/factories";
import { readyToPay } from "../support/funnel-steps";
import { resetDatabase, TestBrowser } from "../support/route-harness";

beforeEach(async () => {
  await resetDatabase();
});

const open = (token: string) => new TestBrowser().call(sharedPlan.loader, `/plan/${token}`, { params: { token } });
const send = (token: string, form: Record<string, string>) => new TestBrowser().call(sharedPlan.action, `/plan/${token}`, { params: { token }, form });

describe("the printable plan", () => {
  it("opens at the address her selection page links to: the medications with what each is for, plan and billing, dosage, price, the review, our contact", async () => {
    const browser = new TestBrowser();
    const responderUuid = await readyToPay(browser, { options: ["vaginal_estrogen_cream"] });
    const page = await browser.call(checkout.loader, `/checkout/${responderUuid}`, { params: { responderUuid } });
    const token = planSummaryToken(responderUuid);
    expect(page.data.sharePlan).toBe(`/plan/${token}`);
    const answer = await open(token);
    expect(answer).toHaveStatus(200);
    expect(answer.headers.get("Cache-Control")).toBe("no-store");
    expect(answer.headers.get("Referrer-Policy")).toBe("no-referrer");
    const { summary } = answer.data;
    expect(summary.plan).toBe("Quarterly");
    expect(summary.cadence).toBe("billed every 3 months");
    expect(summary.medications.map((m: { name: string }) => m.name)).toContain("Cream");
    expect(summary.medications.every((m: { description: string }) => m.description.length > 0)).toBe(true);
    expect(summary.startingDosage).toBe("Starting dose set by your provider");
    expect(summary.total).toMatch(/^\$[\d,]+\.\d\d every 3 months$/);
    expect(JSON.stringify(summary)).not.toContain(aPerson().phone);
  });

  it("a changed signature, another flow's uuid under this signature, or a bare uuid opens nothing (404)", async () => {
    const responderUuid = await readyToPay(new TestBrowser());
    const other = await readyToPay(new TestBrowser());
    const token = planSummaryToken(responderUuid);
    const [, signature] = token.split(".");
    const [otherId] = planSummaryToken(other).split(".");
    for (const bad of [`${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`, `${otherId}.${signature}`, responderUuid]) {
      expect(await open(bad)).toHaveStatus(404);
    }
  });
});

describe("email it to my doctor", () => {
  it("sends the plan once to the doctor's address with her note; the page says to whom", async () => {
    const responderUuid = await readyToPay(new TestBrowser());
    const token = planSummaryToken(responderUuid);
    const answer = await send(token, { doctorEmail: "dr.smith@clinic.example", note: "Could we talk about this at my next visit?" });
    expect(answer).toHaveStatus(200);
    expect(answer.data.sent).toEqual({ to: "dr.smith@clinic.example", note: "Could we talk about this at my next visit?" });
    const to = await provider();
    await deliverDueOutboxMessages(to, 100);
    await deliverDueOutboxMessages(to, 100);
    const { rows } = await listStoredEmails(1, 10);
    expect(rows).toHaveLength(1);
    const [email] = rows;
    expect(email!.toAddress).toBe("dr.smith@clinic.example");
    expect(email!.subject).toBe("Jane shared a menopause treatment plan with you");
    expect(email!.text).toContain("Could we talk about this at my next visit?");
    expect(email!.text).toContain("Starting dosage: Starting dose set by your provider");
    expect(email!.text).toContain(`/plan/${token}`);
    for (const hers of [aPerson().lastName, aPerson().phone, aPerson().email]) expect(email!.text).not.toContain(hers);
  });

  it("refuses a malformed address or a long note (400) and sends at most 5 an hour for one plan (429)", async () => {
    const token = planSummaryToken(await readyToPay(new TestBrowser()));
    const bad = await send(token, { doctorEmail: "not an email" });
    expect(bad).toHaveStatus(400);
    expect(Object.keys(bad.data.lastResult.error)).toEqual(["doctorEmail"]);
    expect(await send(token, { doctorEmail: "dr@clinic.example", note: "x".repeat(501) })).toHaveStatus(400);
    for (let i = 0; i < 5; i++) expect(await send(token, { doctorEmail: `dr${i}@clinic.example` })).toHaveStatus(200);
    expect(await send(token, { doctorEmail: "dr9@clinic.example" })).toHaveStatus(429);
  });
});
