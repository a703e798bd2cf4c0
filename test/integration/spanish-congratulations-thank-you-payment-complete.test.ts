// The end of her funnel in Spanish: /congratulations and /thank-you (entry pages: the address's
// `?lang=es` alone) and /payment-complete (hers: the language her session remembers), drawn as
// the server draws them, and Build My Plan's refusal in her words.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { I18nProvider } from "../../app/components/i18n";
import * as congratulations from "../../app/routes/congratulations.($responderUuid)";
import * as paymentComplete from "../../app/routes/payment-complete.$responderUuid";
import * as thankYou from "../../app/routes/thank-you";
import { rateLimits } from "../../app/server/http/rate-limits.server";
import { pageLanguage } from "../../app/server/visitor/language.server";
import { payForPlan, startFlow } from "../support/funnel-steps";
import { resetDatabase, TestBrowser } from "../support/route-harness";
import { drawIn, giveData } from "../support/drawn-page";

// The pages drawn outside Remix, their loader's (and action's) data given.
vi.mock("@remix-run/react", async (original) => (await import("../support/drawn-page")).outsideRemix(await original()));
const draw = drawIn("es");

const rootLoader = (request: { request: Request; params: Record<string, string | undefined> }) =>
  pageLanguage(request.request, request.params);

beforeEach(resetDatabase);

describe("Spanish at the end of her funnel", () => {
  it("draws /congratulations?lang=es in Spanish as its own shared copy", async () => {
    const browser = new TestBrowser();
    expect((await browser.call(rootLoader, "/congratulations?lang=es")).data).toMatchObject({ language: "es" });
    const page = await browser.call(congratulations.loader, "/congratulations?lang=es");
    expect(page.headers.get("Cache-Control")).toMatch(/^public, /);
    expect(page.headers.get("Vary")).toBeNull();
    const html = draw(congratulations.default);
    expect(html).toContain("¡FELICIDADES, USTED ES ELEGIBLE!");
    expect(html).toContain("Un profesional de la salud con licencia revisa su plan");
    expect(html).toContain("Armar mi plan");
    expect(html).toContain("Como se ha visto en");
    expect(html).not.toMatch(/Build My Plan|As featured in/);
  });

  it("refuses Build My Plan over the limit in the address's language (429)", async () => {
    const browser = new TestBrowser();
    const uuid = await startFlow(browser);
    const build = () =>
      browser.call(congratulations.action, `/congratulations/${uuid}?lang=es`, { params: { responderUuid: uuid }, form: {} });
    let refused: Awaited<ReturnType<typeof build>> | undefined;
    for (let i = 0; i <= rateLimits.stepPost.limit && !refused; i++) {
      const answer = await build();
      if (answer.status === 429) refused = answer;
    }
    expect(refused?.status).toBe(429);
    const [message] = refused!.data.lastResult.error[""];
    expect(message).toMatch(/^Demasiados intentos\. Espere (1 minuto|\d+ minutos) y vuelva a intentarlo\.$/);
    expect(draw(congratulations.default, null, refused!.data)).toContain(message);
  });

  it("draws /thank-you?lang=es in Spanish, the classic variant's line too, shared with no Vary", async () => {
    const answer = await new TestBrowser().call(thankYou.loader, "/thank-you?lang=es&variant=classic");
    expect(answer.data.journey).toBe("Su camino para bajar de peso comienza aquí, y le acompañamos en cada paso.");
    const page = await new TestBrowser().call(thankYou.loader, "/thank-you?lang=es");
    expect(page.headers.get("Cache-Control")).toMatch(/^public, /);
    expect(page.headers.get("Vary")).toBeNull();
    const html = draw(thankYou.default, answer.data);
    expect(html).toContain("¡Pago completado con éxito!");
    expect(html).toContain("Próximos pasos");
    expect(html).toContain('Llame al <a href="tel:');
    expect(html).toContain('href="/?lang=es"');
    // Without the parameter it is the English copy, even for a browser that asks for Spanish.
    const english = await new TestBrowser().call(thankYou.loader, "/thank-you?variant=classic", { headers: { "Accept-Language": "es" } });
    expect(english.data.journey).toMatch(/^Your weight loss journey starts here/);
  });

  it("draws /payment-complete in the language her session remembers, in the browser too", async () => {
    const browser = new TestBrowser();
    const { responderUuid } = await payForPlan(browser, { query: "?lang=es" });
    const done = await browser.call(paymentComplete.loader, `/payment-complete/${responderUuid}`, { params: { responderUuid } });
    expect(done.data).toMatchObject({ message: "¡Pago realizado! Le estamos redirigiendo...", card: "visa terminada en 4242" });
    const server = draw(paymentComplete.default, done.data);
    expect(server).toContain("¡Pago realizado!</h1>");
    expect(server).toContain("La referencia de su pedido es <strong>MC-");
    expect(server).toContain("Su tarjeta (visa terminada en 4242) ha sido preautorizada.");
    expect(server).toContain("Continuar ahora");
    // Reached from the final checkout by a navigation, the browser draws it from its data's messages alone.
    giveData(done.data);
    const browserHtml = renderToStaticMarkup(
      createElement(I18nProvider, {
        language: "es",
        messages: done.data.clientMessages,
        children: createElement(paymentComplete.default as unknown as () => null),
      }),
    );
    expect(browserHtml).toBe(server);
  });
});
