// The site's own pages in Spanish: the terms and the privacy policy (shared entry pages: the
// address's `?lang=es` alone, each language its own cached copy), her printable plan (her
// language, the email to her doctor still in English), asking for a new link, the page
// after her data is deleted, and the consumer health data policy with her data's page; each
// form's refusal in her words.
import { beforeEach, describe, expect, it, vi } from "vitest";
import * as herHealthData from "../../app/routes/health-data-privacy.$token/route";
import * as healthDataPolicy from "../../app/routes/health-data-privacy._index/route";
import * as sharedPlan from "../../app/routes/plan.$token";
import * as privacy from "../../app/routes/privacy";
import * as lostLink from "../../app/routes/subscription._index";
import * as dataDeleted from "../../app/routes/subscription.deleted";
import * as terms from "../../app/routes/terms";
import { listStoredEmails } from "../../app/server/db/stores/stored-emails.server";
import { findSubscriptionByResponder } from "../../app/server/db/stores/subscriptions.server";
import { sharedEntryPage } from "../../app/server/http/entry-pages.server";
import { planSummaryToken } from "../../app/server/subscriptions/plan-link.server";
import { pageLanguage } from "../../app/server/visitor/language.server";
import { englishLeftIn } from "../support/english-left";
import { payForPlan, readyToPay } from "../support/funnel-steps";
import { resetDatabase, TestBrowser } from "../support/route-harness";
import { deliverAll } from "../support/subscriptions";
import { drawIn } from "../support/drawn-page";

// The pages drawn outside Remix, their loader's (and action's) data given.
vi.mock("@remix-run/react", async (original) => (await import("../support/drawn-page")).outsideRemix(await original()));
const draw = drawIn("es");

/** What a reader sees, a line a block, without what is marked `lang="en"` on purpose. */
function visibleText(html: string): string {
  return html
    .replace(/<(\w+)[^>]*\slang="en"[^>]*>[\s\S]*?<\/\1>/g, "")
    .replace(/<\/(p|li|h\d|dt|dd|div|section|label|button|ul)>/g, "\n")
    .replace(/<[^>]+>/g, " ");
}

const rootLoader = (request: { request: Request; params: Record<string, string | undefined> }) =>
  pageLanguage(request.request, request.params);

beforeEach(resetDatabase);

describe("the site's pages in Spanish", () => {
  it("serves /terms?lang=es and /privacy?lang=es as their own shared copies beside the English ones", async () => {
    for (const [page, route] of [
      ["terms", terms],
      ["privacy", privacy],
    ] as const) {
      const browser = new TestBrowser();
      expect((await browser.call(rootLoader, `/${page}?lang=es`)).data).toEqual({ language: "es", switchHref: "?lang=en" });
      for (const address of [`/${page}?lang=es`, `/${page}`]) {
        const answer = await browser.call(route.loader, address);
        expect(answer.headers.get("Cache-Control"), address).toMatch(/^public, max-age=3600/);
        expect(answer.headers.get("Vary"), address).toBeNull();
        expect(answer.headers.get("Set-Cookie"), address).toBeNull();
      }
      const key = (url: string) => sharedEntryPage(page, { method: "GET", url: `http://localhost${url}`, cookie: null })?.key;
      expect(key(`/${page}?lang=es`)).toBe(`${page}?lang=es`);
      expect(key(`/${page}`)).toBe(page);
    }
  });

  it("draws the terms in Spanish: the subscription terms, the plans, pre-authorisation, cancelling, no English left", () => {
    const html = draw(terms.default);
    for (const text of [
      "<h1>Términos del servicio</h1>",
      "Términos de la suscripción",
      "Su suscripción se renueva automáticamente al final de cada período de facturación hasta que usted la cancele.",
      "Los pagos no se reembolsan una vez cobrados",
      "<strong>Mensual</strong>: se factura cada mes",
      "<strong>Anual</strong>: se factura cada 12 meses",
      "Preautorización de la tarjeta",
      "un plazo de 3 a 5 días hábiles",
      "cancele al menos 72 horas antes de su próxima fecha de facturación",
      'Llámenos al <a href="tel:',
      "Contáctenos",
    ]) {
      expect(html).toContain(text);
    }
    expect(html).not.toContain("Terms of Service");
    expect(englishLeftIn(visibleText(html))).toEqual([]);
  });

  it("draws the privacy policy in Spanish, no English left", () => {
    const html = draw(privacy.default);
    for (const text of [
      "<h1>Política de privacidad</h1>",
      "Qué recopilamos",
      "Quién la recibe",
      "Usamos dos cookies",
      "Sus opciones",
      'Llame al <a href="tel:',
    ]) {
      expect(html).toContain(text);
    }
    expect(html).not.toMatch(/Privacy Policy|What we collect/);
    expect(englishLeftIn(visibleText(html))).toEqual([]);
  });

  it("draws the consumer health data policy, its answer, and her data's page in Spanish, no English left", () => {
    const policy = draw(
      healthDataPolicy.default,
      { abandonedFlowDays: 90, deleted: true },
      { lastResult: null, sentTo: "r•••@example.org" },
    );
    for (const text of [
      "<h1>Política de privacidad de datos de salud del consumidor</h1>",
      "Lo que nunca hacemos",
      "se borran 90 días después de su última visita",
      "durante 24 meses",
      "en un plazo de 45 días",
      "Sus datos se han eliminado.",
      "Si tenemos datos asociados a <strong>r•••@example.org</strong>, le hemos enviado un enlace.",
    ]) {
      expect(policy).toContain(text);
    }
    expect(englishLeftIn(visibleText(policy))).toEqual([]);
    const herData = draw(herHealthData.default, {
      flows: [
        { reference: "MC-7KQ2-94XD", file: '{ "about": { "note": "Everything we hold about you for this order." } }' },
        { reference: null, file: '{ "about": { "note": "Everything we hold about you from a visit in which no order was placed." } }' },
      ],
    });
    for (const text of [
      '<h1 id="page-title">Sus datos de salud</h1>',
      "Pedido MC-7KQ2-94XD",
      "Una visita sin pedido",
      "Eliminar mis datos",
    ]) {
      expect(herData).toContain(text);
    }
    expect(englishLeftIn(visibleText(herData))).toEqual([]);
  });

  it("draws her plan in her language and refuses its form in Spanish, while the email to her doctor stays in English", async () => {
    const browser = new TestBrowser();
    const { responderUuid } = await payForPlan(browser, { query: "?lang=es" });
    const subscription = (await findSubscriptionByResponder(responderUuid))!;
    const token = planSummaryToken(responderUuid, subscription.linkVersion);
    const path = `/plan/${token}`;
    const params = { token };
    expect((await browser.call(rootLoader, path, { params })).data).toMatchObject({ language: "es" });
    const page = await browser.call(sharedPlan.loader, path, { params });
    expect(page).toHaveStatus(200);
    expect(page.data.summary).toMatchObject({ plan: "Trimestral", cadence: "facturado cada 3 meses" });
    expect(page.data.summary.total).toMatch(/^\$[\d,]+\.\d\d cada 3 meses$/);
    const html = draw(sharedPlan.default, page.data);
    for (const text of [
      "<h1>Su plan de tratamiento</h1>",
      "Plan Trimestral, facturado cada 3 meses",
      "Dosis inicial determinada por su proveedor médico",
      "En qué consiste la revisión del proveedor médico",
      "Compartir con mi médico",
      "Correo electrónico de su médico",
      "Enviarlo por correo electrónico a mi médico",
    ]) {
      expect(html).toContain(text);
    }
    // The catalogue's descriptions are the provider's English, and say so.
    expect(html).toMatch(/<span lang="en">[^<]+<\/span>/);
    expect(html).not.toContain("Your treatment plan");
    expect(englishLeftIn(visibleText(html))).toEqual([]);

    const bad = await browser.call(sharedPlan.action, path, {
      params,
      form: { doctorEmail: "not an address", note: "Vea www.prize.example" },
    });
    expect(bad).toHaveStatus(400);
    expect(bad.data.lastResult.error.doctorEmail).toEqual(["Ingrese el correo electrónico de su médico, por ejemplo, doctor@example.com"]);
    expect(bad.data.lastResult.error.note).toEqual([
      "Su nota no puede contener una dirección web ni de correo electrónico. Quite \u201Cwww.prize.example\u201D y vuelva a enviarla.",
    ]);
    expect(draw(sharedPlan.default, page.data, bad.data)).toContain("Hay un problema");

    const sent = await browser.call(sharedPlan.action, path, { params, form: { doctorEmail: "dr@clinic.example", note: "Hablemos" } });
    expect(sent).toHaveStatus(200);
    expect(draw(sharedPlan.default, page.data, sent.data)).toContain(
      "Enviamos este plan a <strong>dr@clinic.example</strong>, con su nota.",
    );
    await deliverAll();
    const [email] = (await listStoredEmails(1, 50)).rows.filter((row) => row.kind === "plan_for_doctor");
    expect(email!.subject).toBe("A patient shared a menopause treatment plan with you");
    expect(email!.text).toContain("Starting dosage: Starting dose set by your provider");
    expect(email!.text).toMatch(/every 3 months/);
  });

  it("refuses a plan link that has ended in Spanish, with the way back in Spanish (410)", async () => {
    const browser = new TestBrowser();
    const responderUuid = await readyToPay(browser, { query: "?lang=es" });
    const token = planSummaryToken(responderUuid, 0, new Date(Date.now() - 31 * 24 * 60 * 60 * 1000));
    const answer = await browser.call(sharedPlan.loader, `/plan/${token}`, { params: { token } });
    expect(answer).toHaveStatus(410);
    expect(answer.data).toEqual({
      message: "Este enlace al plan ha vencido. Para volver a compartir su plan, regrese a su plan y elija Compartir con mi médico.",
      returnTo: `/checkout/${responderUuid}?lang=es`,
      returnLabel: "Volver a su plan",
    });
  });

  it("asks for a new link in Spanish: the form, its refusal (400) and its answer", async () => {
    const browser = new TestBrowser();
    expect((await browser.call(rootLoader, "/subscription?lang=es")).data).toMatchObject({ language: "es" });
    const page = (await browser.call(lostLink.loader, "/subscription?lang=es")).data;
    const form = draw(lostLink.default, page);
    for (const text of ['<h1 id="page-title">El enlace de su suscripción</h1>', "Correo electrónico", "Enviar mi enlace"])
      expect(form).toContain(text);
    expect(form).not.toContain("Your subscription link");
    expect(englishLeftIn(visibleText(form))).toEqual([]);

    const refused = await browser.call(lostLink.action, "/subscription?index&lang=es", { form: { email: "not-an-email" } });
    expect(refused).toHaveStatus(400);
    const message = "Ingrese el correo electrónico que usó para su pedido, por ejemplo, nombre@example.com";
    expect(refused.data.lastResult.error.email).toEqual([message]);
    expect(draw(lostLink.default, page, refused.data)).toContain(message);

    const asked = await browser.call(lostLink.action, "/subscription?index&lang=es", { form: { email: "jane@example.org" } });
    expect(asked).toHaveStatus(200);
    const answer = draw(lostLink.default, page, asked.data);
    expect(answer).toContain("Si se hizo un pedido con j•••@example.org, le enviamos allí su enlace.");
    expect(englishLeftIn(visibleText(answer))).toEqual([]);

    // Asked for from her own page (its press lands here): sent, and the link she used retired.
    const fromHerPage = draw(lostLink.default, (await browser.call(lostLink.loader, "/subscription?sent=her-page&lang=es")).data);
    expect(fromHerPage).toContain("Le enviamos un enlace nuevo al correo electrónico que usó para su pedido.");
    expect(fromHerPage).toContain("El enlace que usó ya no funciona.");
    expect(fromHerPage).not.toContain("Enviar mi enlace");
    expect(englishLeftIn(visibleText(fromHerPage))).toEqual([]);
  });

  it("says her data is deleted in Spanish, with her reference and the home page in Spanish", async () => {
    const page = await new TestBrowser().call(dataDeleted.loader, "/subscription/deleted?reference=MC-ABCD-2345&lang=es");
    expect(page.data.reference).toBe("MC-ABCD-2345");
    const html = draw(dataDeleted.default, page.data);
    for (const text of [
      "Sus datos se han eliminado",
      "Referencia del pedido <strong>",
      "Esta página es su confirmación.",
      'Llame al <a href="tel:',
      'href="/?lang=es"',
      "Ir a la página de inicio",
    ]) {
      expect(html).toContain(text);
    }
    expect(html).not.toContain("Your data has been deleted");
    expect(englishLeftIn(visibleText(html))).toEqual([]);
  });
});
