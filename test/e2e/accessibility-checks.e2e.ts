// The accessibility checks axe cannot make (axe runs on every screen in the other files): reflow
// at 320 CSS px, which is 1280 px at 400% zoom (WCAG 1.4.10); text spacing (1.4.12); the focus
// visible and not hidden under forced colours (2.4.7, 2.4.11); target sizes (2.5.8). Each found
// something once, fixed in app.css or console.css; docs/accessibility/conformance-report.md says
// what. Without JavaScript; the tests that reach the final checkout, which hydrates, with it too.
import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { answerConcerns, answerWelcome } from "./support/funnel";

const narrow = { width: 320, height: 640 };
const wide = { width: 1280, height: 800 };

/** How far the page scrolls sideways: 0 when it reflows. */
async function sidewaysScroll(page: Page): Promise<number> {
  return page.evaluate(() => document.scrollingElement!.scrollWidth - document.documentElement.clientWidth);
}

/**
 * The controls smaller than 24 by 24 CSS px (2.5.8). Not counted, as the criterion says: a link
 * inside a sentence, and a radio or checkbox whose label (which checks it too) is large enough.
 */
async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const describe = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""} "${(el.textContent || el.getAttribute("aria-label") || "").trim().slice(0, 40)}"`;
    const big = (r: DOMRect) => r.width >= 24 && r.height >= 24;
    const controls = document.querySelectorAll("a[href], button, input:not([type=hidden]), select, textarea, summary");
    return Array.from(controls).flatMap((el) => {
      const box = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      if (box.width === 0 || box.height === 0 || style.visibility === "hidden" || big(box)) return [];
      const label = (el as HTMLInputElement).labels?.[0];
      if (label && big(label.getBoundingClientRect())) return [];
      const block = el.parentElement?.closest("p, li, dd, td, th, div");
      const inSentence =
        el.tagName === "A" && style.display === "inline" && (block?.textContent ?? "").trim().length > (el.textContent ?? "").trim().length;
      return inSentence ? [] : [`${describe(el)} ${Math.round(box.width)}x${Math.round(box.height)}`];
    });
  });
}

/** WCAG 1.4.12's spacing, put on the page as a reader's own style sheet would (the page's CSP allows no <style>). */
async function widenTextSpacing(page: Page): Promise<void> {
  await page.evaluate(() => {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(
      "* { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important; }" +
        " p { margin-bottom: 2em !important; }",
    );
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  });
  // The check below means something only if the spacing took.
  expect(await page.evaluate(() => getComputedStyle(document.querySelector("main")!).letterSpacing)).not.toBe("normal");
}

/** Inside `selector`: boxes that cut their own text off, and labels drawn over their fields. */
async function clippedOrOverlapping(page: Page, selector: string): Promise<string[]> {
  return page.locator(selector).evaluate((root) => {
    const describe = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""} "${(el.textContent || el.getAttribute("aria-label") || "").trim().slice(0, 40)}"`;
    const found: string[] = [];
    for (const el of Array.from(root.querySelectorAll("*"))) {
      const box = el.getBoundingClientRect();
      // Visually hidden text (1 px, clipped on purpose) and form fields, whose value scrolls.
      if (box.width <= 1 || box.height <= 1 || el.matches("input, select, textarea")) continue;
      const style = getComputedStyle(el);
      const hides = (overflow: string) => overflow === "hidden" || overflow === "clip";
      if (
        (hides(style.overflowX) && el.scrollWidth > el.clientWidth + 1) ||
        (hides(style.overflowY) && el.scrollHeight > el.clientHeight + 1)
      )
        found.push(`${describe(el)} cuts off its content`);
    }
    for (const field of Array.from(root.querySelectorAll<HTMLInputElement>("input:not([type=hidden]), select, textarea"))) {
      const label = field.labels?.[0];
      if (!label || label.contains(field)) continue;
      const a = label.getBoundingClientRect();
      const b = field.getBoundingClientRect();
      if (a.width === 0 || b.width === 0) continue;
      const overlap =
        Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1 && Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1;
      if (overlap) found.push(`${describe(label)} lies over its field`);
    }
    return found;
  });
}

/** The relative luminance contrast of two rgb()/rgba() colours (the second taken as opaque). */
function contrast(one: string, two: string): number {
  const luminance = (colour: string) => {
    const [r, g, b] = (colour.match(/[\d.]+/g) ?? ["0", "0", "0"]).slice(0, 3).map((part) => {
      const c = Number(part) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  const [light, dark] = [luminance(one), luminance(two)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

interface FocusStop {
  what: string;
  ring: string;
  ringColour: string;
  background: string;
  inView: boolean;
  covered: boolean;
}

/**
 * Tabs through the whole page from its top and reads each stop: its focus ring (the element's
 * outline, or its label's for a radio drawn inside a choice), the colour behind it, and whether
 * it is in the window and not under anything else (2.4.11).
 */
async function tabThrough(page: Page): Promise<FocusStop[]> {
  await page.evaluate(() => {
    window.scrollTo(0, 0);
    (document.activeElement as HTMLElement | null)?.blur();
  });
  const stops: FocusStop[] = [];
  for (let press = 0; press < 60; press++) {
    await page.keyboard.press("Tab");
    const stop = await page.evaluate(() => {
      const describe = (el: Element) =>
        `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""} "${(el.textContent || el.getAttribute("aria-label") || "").trim().slice(0, 40)}"`;
      const el = document.activeElement;
      if (!el || el === document.body) return null;
      const own = getComputedStyle(el);
      const label = (el as HTMLInputElement).labels?.[0];
      const drawn = own.outlineStyle === "none" && label ? label : el;
      const style = getComputedStyle(drawn);
      let behind = drawn.parentElement;
      let background = "rgb(255, 255, 255)";
      while (behind) {
        const colour = getComputedStyle(behind).backgroundColor;
        if (colour !== "transparent" && !colour.endsWith(", 0)")) {
          background = colour;
          break;
        }
        behind = behind.parentElement;
      }
      const box = el.getBoundingClientRect();
      const inView = box.bottom > 0 && box.top < innerHeight && box.right > 0 && box.left < innerWidth;
      const hit = inView ? document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2) : null;
      const covered = inView && !(hit && (el.contains(hit) || hit.contains(el) || label?.contains(hit)));
      return {
        what: describe(el),
        ring: style.outlineStyle === "none" ? "none" : `${style.outlineStyle} ${style.outlineWidth}`,
        ringColour: style.outlineColor,
        background,
        inView,
        covered,
      };
    });
    if (!stop) break;
    if (stops.length > 1 && stop.what === stops[0]!.what) break;
    stops.push(stop);
  }
  return stops;
}

function focusProblems(stops: FocusStop[], forcedColours: boolean): string[] {
  return stops.flatMap((stop) => {
    const problems: string[] = [];
    if (stop.ring === "none" || parseFloat(stop.ring.split(" ")[1] ?? "0") < 2) problems.push(`no focus ring (${stop.ring})`);
    // Forced colours draw the ring in a system colour; otherwise it is ours, 3:1 at least.
    else if (!forcedColours && contrast(stop.ringColour, stop.background) < 3)
      problems.push(`a faint ring ${stop.ringColour} on ${stop.background}`);
    if (!stop.inView) problems.push("focused out of sight");
    else if (stop.covered) problems.push("focused under something else");
    return problems.map((problem) => `${stop.what}: ${problem}`);
  });
}

test(
  "the funnel reflows at 320 px (400% zoom) in English and Spanish, and its controls are 24 px or more",
  { tag: "@hydrates" },
  async ({ page, visitorAt }) => {
    const checked: string[] = [];
    const check = async (step: string) => {
      for (const size of [narrow, wide]) {
        await page.setViewportSize(size);
        if (size === narrow) expect(await sidewaysScroll(page), `${step} scrolls sideways at 320 px`).toBe(0);
        expect(await smallTargets(page), `${step} at ${size.width} px: controls under 24 px`).toEqual([]);
      }
      checked.push(step);
    };

    await page.goto("/welcome?lang=es");
    await check("the Spanish welcome");
    await answerWelcome(page);
    await check("concerns");
    await answerConcerns(page);
    await check("social proof");
    await visitorAt("selection");
    await check("the selection");
    await visitorAt("pre-checkout");
    await check("pre-checkout");
    await visitorAt("final-checkout");
    await check("the final checkout");
    expect(checked).toHaveLength(6);
  },
);

test("a console page reflows at 320 px: its table scrolls in its own region, the page does not", async ({ owner }) => {
  await owner.goto("/owner/staff");
  await owner.setViewportSize(narrow);
  await expect(owner.getByRole("heading", { level: 1, name: "Staff" })).toBeVisible();
  expect(await sidewaysScroll(owner), "the staff page scrolls sideways at 320 px").toBe(0);
  expect(await smallTargets(owner), "staff page: controls under 24 px").toEqual([]);
});

test(
  "with WCAG's text spacing the final checkout's form and the welcome form lose nothing, narrow or wide",
  { tag: "@hydrates" },
  async ({ page, visitorAt }) => {
    await visitorAt("final-checkout");
    for (const size of [narrow, wide]) {
      await page.setViewportSize(size);
      await widenTextSpacing(page);
      expect(await clippedOrOverlapping(page, "form#final-checkout"), `final checkout at ${size.width} px`).toEqual([]);
      expect(await sidewaysScroll(page), `final checkout at ${size.width} px scrolls sideways`).toBe(0);
      await page.reload();
    }
    for (const address of ["/welcome", "/welcome?lang=es"]) {
      await page.goto(address);
      await page.setViewportSize(narrow);
      await widenTextSpacing(page);
      expect(await clippedOrOverlapping(page, "main"), address).toEqual([]);
      expect(await sidewaysScroll(page), `${address} scrolls sideways`).toBe(0);
    }
  },
);

test(
  "the focus is seen at every stop, in our colours and in forced colours, never hidden behind the order column; the chosen plan stays marked",
  { tag: "@hydrates" },
  async ({ page, visitorAt }) => {
    await page.setViewportSize(wide);
    await page.goto("/welcome");
    const welcome = await tabThrough(page);
    // Skip link, brand, language, the answer, the button, the footer's four links.
    expect(welcome.length).toBeGreaterThanOrEqual(9);
    expect(focusProblems(welcome, false), "the welcome page").toEqual([]);

    await visitorAt("final-checkout");
    await page.setViewportSize(wide);
    const checkout = await tabThrough(page);
    expect(checkout.map((stop) => stop.what)).toContainEqual(expect.stringMatching(/^input#final-checkout-cardNumber/));
    expect(focusProblems(checkout, false), "the final checkout").toEqual([]);

    await page.emulateMedia({ forcedColors: "active" });
    expect(focusProblems(await tabThrough(page), true), "the final checkout in forced colours").toEqual([]);
    await page.goto("/welcome");
    expect(focusProblems(await tabThrough(page), true), "the welcome page in forced colours").toEqual([]);

    // Where the system draws every background alike, the chosen billing plan still stands out.
    await visitorAt("selection");
    const plans = page.getByRole("group", { name: "Billing plan" }).getByRole("button");
    // The colour seen behind each button's text: its own, or what shows through it.
    const backgrounds = await plans.evaluateAll((buttons) =>
      buttons.map((button) => {
        let seen: Element | null = button;
        let colour = "rgb(255, 255, 255)";
        for (; seen; seen = seen.parentElement) {
          const own = getComputedStyle(seen).backgroundColor;
          if (own !== "transparent" && !own.endsWith(", 0)")) {
            colour = own;
            break;
          }
        }
        return `${button.getAttribute("aria-pressed")} ${colour}`;
      }),
    );
    const chosen = backgrounds.filter((entry) => entry.startsWith("true ")).map((entry) => entry.slice(5));
    const others = backgrounds.filter((entry) => entry.startsWith("false ")).map((entry) => entry.slice(6));
    expect(chosen).toHaveLength(1);
    expect(others.length).toBeGreaterThan(0);
    expect(others, "the chosen plan's background differs from the others'").not.toContain(chosen[0]);
  },
);
