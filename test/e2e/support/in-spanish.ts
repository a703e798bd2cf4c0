// A page drawn in Spanish, checked as a Spanish-speaking QA person and an auditor would:
// `<html lang="es">`, no English sentence of the spec (nor any English never put in a
// catalogue) in what she reads or hears (text, the title, alt and aria-label texts), except
// inside an element marked `lang="en"`; and axe.
import type { Page } from "@playwright/test";
import { translator } from "../../../app/i18n/messages";
import { englishLeftIn } from "../../support/english-left";
import { expect } from "./fixtures";

/** The Spanish catalogue: `es("selection.addToPlan")`. */
export const es = translator("es");

/** Every text the page gives her, a line each, leaving out what is marked as another language. */
async function spanishTexts(page: Page): Promise<string> {
  return page.evaluate(() => {
    const inOtherLanguage = (node: Node) => {
      const element = node instanceof Element ? node : node.parentElement;
      const marked = element?.closest("[lang]");
      return marked !== null && marked !== undefined && !marked.getAttribute("lang")!.toLowerCase().startsWith("es");
    };
    const lines = [document.title];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT | NodeFilter.SHOW_ELEMENT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (inOtherLanguage(node)) continue;
      if (node instanceof Element) {
        if (["SCRIPT", "STYLE"].includes(node.tagName)) continue;
        for (const name of ["alt", "aria-label", "title", "placeholder"]) {
          const value = node.getAttribute(name);
          if (value) lines.push(value);
        }
      } else if (!["SCRIPT", "STYLE"].includes(node.parentElement?.tagName ?? "")) {
        const text = node.textContent?.trim();
        if (text) lines.push(text);
      }
    }
    return lines.join("\n");
  });
}

export async function expectSpanishPage(page: Page, expectAccessible: (page: Page) => Promise<void>): Promise<void> {
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  expect(englishLeftIn(await spanishTexts(page)), `English left on ${new URL(page.url()).pathname}`).toEqual([]);
  await expectAccessible(page);
}
