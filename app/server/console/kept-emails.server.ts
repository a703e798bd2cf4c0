// The kept emails as a person of the console reads them: every page that lists them (the
// emails page, her order's page) gives their text through this one reader, so no loader sends a
// link that opens her page to someone who may not hold it (rules: app/funnel/kept-emails.ts).
import { readsHerLinks, withoutPrivateLinks } from "../../funnel/kept-emails";
import type { StaffRole } from "../../funnel/staff";
import { config, isLocalAddress, type Settings } from "../config.server";

export interface KeptEmailReader {
  /** Her links shown whole (the owner of a local server keeping its emails), or as markers. */
  linksWhole: boolean;
  text(text: string): string;
}

export function keptEmailReader(role: StaffRole, settings: Settings = config()): KeptEmailReader {
  const linksWhole = readsHerLinks(role, { keepsEmails: settings.SMTP_URL === undefined, local: isLocalAddress(settings.PUBLIC_URL) });
  return { linksWhole, text: linksWhole ? (text) => text : withoutPrivateLinks };
}
