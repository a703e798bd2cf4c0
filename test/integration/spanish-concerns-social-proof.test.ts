// The questionnaire's last two steps in Spanish: /concerns and /social-proof are hers (the
// language her session remembers from /welcome?lang=es), drawn as the server draws them, and
// each form's refusals (a missing answer, too many posts) in her words.
import { beforeEach, describe, expect, it, vi } from "vitest";
import * as concerns from "../../app/routes/concerns.($responderUuid)";
import * as socialProof from "../../app/routes/social-proof.($responderUuid)/route";
import { rateLimits } from "../../app/server/http/rate-limits.server";
import { pageLanguage } from "../../app/server/visitor/language.server";
import { startFlow } from "../support/funnel-steps";
import { resetDatabase, TestBrowser } from "../support/route-harness";
import { drawIn } from "../support/drawn-page";

// The pages drawn outside Remix, their loader's (and action's) data given.
vi.mock("@remix-run/react", async (original) => (await import("../support/drawn-page")).outsideRemix(await original()));
const draw = drawIn("es");

const rootLoader = (request: { request: Request; params: Record<string, string | undefined> }) =>
  pageLanguage(request.request, request.params);

/** A flow begun at /welcome?lang=es: her session remembers Spanish for the steps after it. */
async function spanishFlow(): Promise<{ browser: TestBrowser; uuid: string; params: { responderUuid: string } }> {
  const browser = new TestBrowser();
  const uuid = await startFlow(browser, "?lang=es");
  return { browser, uuid, params: { responderUuid: uuid } };
}

/** Posts until the step's limit answers 429; returns that answer. */
async function overTheLimit(post: () => ReturnType<TestBrowser["call"]>, limit: number) {
  for (let i = 0; i <= limit; i++) {
    const answer = await post();
    if (answer.status === 429) return answer;
  }
  throw new Error("no 429");
}

const tooManyInSpanish = /^Demasiados intentos\. Espere (1 minuto|\d+ minutos) y vuelva a intentarlo\.$/;

beforeEach(resetDatabase);

describe("Spanish on /concerns and /social-proof", () => {
  it("draws /concerns in the language her session remembers, answers by their codes", async () => {
    const { browser, uuid, params } = await spanishFlow();
    expect((await browser.call(rootLoader, `/concerns/${uuid}`, { params })).data).toMatchObject({ language: "es" });
    const page = await browser.call(concerns.loader, `/concerns/${uuid}`, { params });
    const html = draw(concerns.default, page.data);
    expect(html).toContain("¿Qué es lo que más le preocupa de la terapia hormonal (TRH)?");
    expect(html).toContain("Paso 2 de 3");
    expect(html).toContain('value="im_worried_about_the_cost"/><span>Me preocupa el costo</span>');
    expect(html).toContain("Muéstrenme cómo podría funcionar");
    expect(html).not.toMatch(/What worries you|worried about the cost|Show me how/);
  });

  it("refuses /concerns in Spanish: no answer (400), too many posts (429)", async () => {
    const { browser, uuid, params } = await spanishFlow();
    const post = () => browser.call(concerns.action, `/concerns/${uuid}`, { params, form: {} });
    const refused = await post();
    expect(refused.status).toBe(400);
    expect(refused.data.lastResult.error.concern).toEqual(["Seleccione una opción para continuar"]);
    expect(draw(concerns.default, {}, refused.data)).toContain("Seleccione una opción para continuar");
    const limited = await overTheLimit(post, rateLimits.stepPost.limit);
    const [message] = limited.data.lastResult.error[""];
    expect(message).toMatch(tooManyInSpanish);
    expect(draw(concerns.default, {}, limited.data)).toContain(message);
  });

  it("draws /social-proof in Spanish, the price and rating in es-US", async () => {
    const { browser, uuid, params } = await spanishFlow();
    await browser.call(concerns.action, `/concerns/${uuid}`, { params, form: { concern: "ive_heard_its_not_safe" } });
    const page = await browser.call(socialProof.loader, `/social-proof/${uuid}`, { params });
    expect(page.status).toBe(200);
    const html = draw(socialProof.default, page.data);
    for (const text of [
      "Paso 3 de 3",
      "La terapia hormonal (TRH) alivia los síntomas en el 90% de las mujeres.",
      "Atención desde solo $63 al mes",
      "Su correo electrónico",
      "Averiguar si la TRH es adecuada para mí",
      "Cómo funciona",
      "Calificación de 4.9 de 5",
      "Mi medicamento llegó en cuatro días.",
      "Pausar los testimonios",
    ]) {
      expect(html).toContain(text);
    }
    expect(html).not.toMatch(/Your email address|How it Works|Rated 4\.9|Pause the quotes/);
  });

  it("refuses /social-proof in Spanish: a blank email (400), too many posts (429)", async () => {
    const { browser, uuid, params } = await spanishFlow();
    await browser.call(concerns.action, `/concerns/${uuid}`, { params, form: { concern: "ive_heard_its_not_safe" } });
    const post = () => browser.call(socialProof.action, `/social-proof/${uuid}`, { params, form: { email: " " } });
    const refused = await post();
    expect(refused.status).toBe(400);
    expect(refused.data.lastResult.error.email).toEqual(["Ingrese su correo electrónico"]);
    expect(draw(socialProof.default, { email: "" }, refused.data)).toContain("Ingrese su correo electrónico");
    const limited = await overTheLimit(post, rateLimits.emailCapture.limit);
    expect(limited.data.lastResult.error[""]).toEqual([expect.stringMatching(tooManyInSpanish)]);
  });
});
