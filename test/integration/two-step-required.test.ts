// Two-step sign-in required (STAFF_TWO_STEP=required, as on any public address): a person
// without an authenticator cannot get past the password until she enrols one.
import { beforeEach, describe, expect, it, vi } from "vitest";
import * as signIn from "../../app/routes/owner._index/route";
import * as ordersList from "../../app/routes/owner.orders._index/route";
import * as twoStep from "../../app/routes/owner.two-step/route";
import { parseSettings } from "../../app/server/config.server";
import { ensureFirstOwner } from "../../app/server/staff/first-owner.server";
import { twoStepRequired } from "../../app/server/staff/two-step.server";
import { cookieOf, resetDatabase, TestBrowser } from "../support/route-harness";
import { codeFor, ownerEmail } from "../support/staff";
import { ownerPassword } from "../../app/server/console/owner-password.server";

vi.hoisted(() => {
  process.env.STAFF_TWO_STEP = "required";
});

beforeEach(async () => {
  await resetDatabase();
  await ensureFirstOwner();
});

describe("when two-step sign-in is required", () => {
  it("is required on a public address or when the setting says so, optional on this machine", () => {
    expect(
      twoStepRequired(
        parseSettings({ PUBLIC_URL: "https://care.example.com", SANDBOX_PAYMENTS: "true", SMTP_URL: "smtp://smtp.example.com" }),
      ),
    ).toBe(true);
    expect(twoStepRequired(parseSettings({ PUBLIC_URL: "http://localhost:3000" }))).toBe(false);
    expect(twoStepRequired(parseSettings({}))).toBe(false);
    expect(twoStepRequired(parseSettings({ STAFF_TWO_STEP: "required" }))).toBe(true);
    expect(() => parseSettings({ STAFF_TWO_STEP: "never" })).toThrow(/STAFF_TWO_STEP/);
  });

  it("sends the first owner from the password to enrolment, and signs her in once a code proves it", async () => {
    const owner = new TestBrowser();
    const answer = await owner.call(signIn.action, "/owner", { form: { email: ownerEmail(), password: ownerPassword() } });
    expect(answer).toRedirectTo("/owner/two-step");
    expect(cookieOf(answer, "__owner")).toBeUndefined();
    expect(await owner.call(ordersList.loader, "/owner/orders")).toRedirectTo("/owner");

    const page = await owner.call(twoStep.loader, "/owner/two-step");
    expect(page.data).toMatchObject({ mode: "enrol", signedIn: false, email: ownerEmail() });
    const enrolled = await owner.call(twoStep.action, "/owner/two-step", {
      form: { code: await codeFor(page.data.secretText.replace(/ /g, "")) },
    });
    expect(enrolled).toHaveStatus(200);
    expect(enrolled.data).toMatchObject({ next: "/owner/orders" });
    expect(enrolled.data.recoveryCodes).toHaveLength(10);
    expect(cookieOf(enrolled, "__owner")).toBeDefined();
    expect(await owner.call(ordersList.loader, "/owner/orders")).toHaveStatus(200);
  });
});
