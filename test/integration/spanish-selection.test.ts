// The selection page, the pre-checkout and /home in Spanish: the first two follow the language
// her session remembers from /welcome?lang=es, /home the address alone; each drawn as the
// server draws it, with no English left, and each form's refusal in her words.
import { beforeEach, describe, expect, it, vi } from "vitest";
import * as checkout from "../../app/routes/checkout.($responderUuid)/route";
import * as home from "../../app/routes/home/route";
import * as preCheckout from "../../app/routes/pre-checkout.($responderUuid)/route";
import * as saveApi from "../../app/routes/api.save-pre-checkout.$responderUuid";
import { clearProviderCaches } from "../../app/server/provider/catalogue-cache.server";
import { pageLanguage } from "../../app/server/visitor/language.server";
import { englishLeftIn } from "../support/english-left";
import { aPerson } from "../support/factories";
import { flowWithPlan, startFlow } from "../support/funnel-steps";
import { resetDatabase, TestBrowser } from "../support/route-harness";
import { drawIn } from "../support/drawn-page";

// The pages drawn outside Remix, their loader's (and action's) data given.
vi.mock("@remix-run/react", async (original) => (await import("../support/drawn-page")).outsideRemix(await original()));
const draw = drawIn("es");

/** What a reader sees, a line a block, without what is marked `lang="en"` on purpose. */
function visibleText(html: string): string {
  return html
    .replace(/<(\w+)[^>]*\slang="en"[^>]*>[\s\S]*?<\/\1>/g, "")
    .replace(/<\/(p|li|h\d|dt|dd|div|section|label|button|ul|figcaption|caption|th|td|text)>/g, "\n")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'");
}

const rootLoader = (request: { request: Request; params: Record<string, string | undefined> }) =>
  pageLanguage(request.request, request.params);

beforeEach(async () => {
  await resetDatabase();
  clearProviderCaches();
});

describe("the selection page, the pre-checkout and /home in Spanish", () => {
  it("draws the selection page in Spanish and refuses each of its buttons in Spanish", async () => {
    const browser = new TestBrowser();
    const uuid = await startFlow(browser, "?lang=es&variant=classic");
    const params = { responderUuid: uuid };
    const click = (form: Record<string, string>) => browser.call(checkout.action, `/checkout/${uuid}`, { params, form });
    expect((await click({ intent: "plan", plan: "monthly" })).status).toBe(303);
    expect((await browser.call(rootLoader, `/checkout/${uuid}`, { params })).data).toMatchObject({ language: "es" });
    const page = await browser.call(checkout.loader, `/checkout/${uuid}`, { params });
    expect(page.status).toBe(200);
    const html = draw(checkout.default, page.data);
    for (const text of [
      "<h1>Arme su plan de tratamiento</h1>",
      "Atención desde solo $63 al mes.",
      ">Mensual</button>",
      "Estrógeno vaginal",
      "Alivia la sequedad vaginal, las molestias y los síntomas urinarios.",
      "No lo sé /\nSin preferencia",
      "Este medicamento no está disponible con el plan mensual. Seleccione el plan trimestral para continuar.",
      "Pérdida de peso",
      "Inyección semanal de 0.25 mg",
      '$119<span class="period">/mes</span>',
      "2 tratamientos, con cobro cada mes",
      "AGREGAR AL PLAN",
      "compartir con mi médico</a>",
      "Calificación general de 4.9",
      'aria-label="5 de 5 estrellas"',
      "A las pocas semanas, duermo toda la noche",
    ]) {
      expect(html).toContain(text);
    }
    expect(html).not.toMatch(/Build your treatment plan|ADD TO PLAN|What our members say|treatments, billed/);
    expect(englishLeftIn(visibleText(html))).toEqual([]);

    // Each button's refusal, a page of its own, in her words.
    const plan = await click({ intent: "plan", plan: "yearly" });
    expect(plan.status).toBe(400);
    expect(plan.data.message).toBe("Ese plan no está disponible. Elija uno de los planes que se muestran.");
    const cream = await click({ intent: "toggle", optionId: "vaginal_estrogen_cream" });
    expect(cream.status).toBe(400);
    expect(cream.data.message).toBe(
      "Este medicamento no está disponible con el plan mensual. Seleccione el plan trimestral para continuar.",
    );
    const unknown = await click({ intent: "buy-everything" });
    expect(unknown.status).toBe(400);
    expect(unknown.data.message).toBe("No pudimos leer este formulario. Regrese e inténtelo de nuevo.");
  });

  it("draws the pre-checkout in Spanish and refuses missing details in Spanish, the toast too", async () => {
    const browser = new TestBrowser();
    const uuid = await flowWithPlan(browser, { query: "?lang=es", plan: "monthly", options: ["patch"] });
    const params = { responderUuid: uuid };
    const page = await browser.call(preCheckout.loader, `/pre-checkout/${uuid}`, { params });
    expect(page.status).toBe(200);
    const html = draw(preCheckout.default, page.data);
    for (const text of [
      "Información personal</h1>",
      "Volver a la selección de medicamentos",
      "Paso 2 de 3",
      "Todos los campos son obligatorios.",
      ">Nombre",
      ">Correo electrónico",
      "Un número de EE. UU., para que su proveedor médico pueda comunicarse con usted",
      '<a href="/terms?lang=es">Términos del servicio</a>',
      "CONTINUAR AL PAGO",
      "Nuestro compromiso con usted",
      "<strong>90%</strong> siente alivio de los sofocos",
      "Pago seguro",
    ]) {
      expect(html).toContain(text);
    }
    expect(html).not.toMatch(/Personal Information|CONTINUE TO CHECKOUT|All fields are required/);
    expect(englishLeftIn(visibleText(html))).toEqual([]);

    const person = aPerson();
    const refused = await browser.call(preCheckout.action, `/pre-checkout/${uuid}`, {
      params,
      form: { ...person, firstName: " ", phone: "555-0123" },
    });
    expect(refused.status).toBe(400);
    expect(refused.data.lastResult.error).toEqual({
      firstName: ["Ingrese su nombre"],
      phone: ["Ingrese un número de teléfono de EE. UU. con su código de área, como (212) 555-0123"],
    });
    expect(refused.data.toast).toEqual({
      title: "Falta información",
      description: "Complete todos los campos obligatorios.",
      tone: "error",
    });
    const again = draw(preCheckout.default, page.data, refused.data);
    expect(again).toContain("Ingrese su nombre");
    expect(again).toContain('Cerrar<span class="visually-hidden"> aviso: Falta información</span>');
    // Her JSON twin answers in English, whatever language she reads: its readers are programs.
    const api = await browser.call(saveApi.action, `/api/save-pre-checkout/${uuid}`, {
      params,
      body: JSON.stringify({ ...person, phone: "555-0123" }),
      contentType: "application/json",
    });
    expect(api.status).toBe(400);
    expect(api.data.message).toBe("Enter a US phone number with its area code, like (212) 555-0123");
  });

  it("draws /home?lang=es in Spanish, its own shared copy, and starts her flow in Spanish", async () => {
    const browser = new TestBrowser();
    expect((await browser.call(rootLoader, "/home?variant=classic&lang=es")).data).toMatchObject({ language: "es" });
    const page = await browser.call(home.loader, "/home?variant=classic&lang=es&utm_source=news");
    expect(page.status).toBe(200);
    expect(page.headers.get("Cache-Control")).toMatch(/^public\b/);
    expect(page.headers.get("Vary")).toBeNull();
    expect(page.data.startUrl).toBe("/welcome?utm_source=news&variant=classic&lang=es");
    const html = draw(home.default, page.data);
    for (const text of [
      "Atención para la menopausia y la pérdida de peso</h1>",
      "<strong>96%</strong> de las mujeres dicen que nos recomendarían a una amiga",
      ">Comenzar</a>",
      "Tratamientos para bajar de peso",
      "El mismo principio activo que Ozempic® y Wegovy®",
      "desde $199/mes",
      "Un ejemplo de pérdida de peso: los primeros tres meses",
      "De 555 en el mes 0 a 482 en el mes 3.",
      '<th scope="col">Mes</th><th scope="col">Peso</th>',
    ]) {
      expect(html).toContain(text);
    }
    expect(html).not.toMatch(/Care for menopause|Get started|Weight-loss treatments|at month/);
    expect(englishLeftIn(visibleText(html))).toEqual([]);
  });
});
