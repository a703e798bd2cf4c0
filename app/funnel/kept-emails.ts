// The emails the console lists (the embedded mail store) hold links that act as her: her
// private link (her page, its payment and receipt pages: her health answers, her data
// download, her erasure, every change), her plan's printable page, and the link to her health
// data (every visit and order of her email, and their deletion). Whoever holds one acts
// as her, and the console records nothing of it. So the console shows each such link only to
// the owner of a local server that keeps its emails (no SMTP_URL: the quick start, QA
// following her story), where the console is the only inbox; everyone else reads a marker in
// its place. A public server must send its emails (config.server.ts refuses it otherwise),
// and then nobody in the console needs her link: "Send her link again" emails it to her. Pure.
import type { StaffRole } from "./staff";

/** What stands where a link was, by the kind of page it opens. */
export const privateLinkMarkers = {
  subscription: "[her private link, sent to her only]",
  plan: "[her plan's private link, sent by email only]",
  "owner/setup": "[a setup link, sent by email only]",
  "health-data-privacy": "[her health data link, sent to her only]",
} as const;

type LinkKind = keyof typeof privateLinkMarkers;

/** Said above the emails where her links are shown as markers. */
export const linksMarkedNote = "The links that open her pages are shown as a marker: they act as her, so only she receives them.";

/** A path that opens a page by the token after it. */
const privatePath = /\/(subscription|plan|owner\/setup|health-data-privacy)\/[^\s/?#]+/;
/** Any address with a scheme, whole to the next space. */
const anyAddress = /\b[a-z][a-z0-9+.-]*:\/\/\S+/gi;
/** Such a path written without its site. */
const barePath = /\/(subscription|plan|owner\/setup|health-data-privacy)\/[^\s/?#]+\S*/g;

/** The text with every link that opens a page of hers by its token replaced by a marker. */
export function withoutPrivateLinks(text: string): string {
  return text
    .replace(anyAddress, (address) => {
      const kind = privatePath.exec(address)?.[1] as LinkKind | undefined;
      return kind ? privateLinkMarkers[kind] : address;
    })
    .replace(barePath, (_path, kind: LinkKind) => privateLinkMarkers[kind]);
}

/** Who reads her links whole in the kept emails: the owner, on a local server that keeps them. */
export function readsHerLinks(role: StaffRole, server: { keepsEmails: boolean; local: boolean }): boolean {
  return role === "owner" && server.keepsEmails && server.local;
}
