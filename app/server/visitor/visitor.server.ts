// One visitor's request: her session, kept tracking params and owned uuids. Every loader and action
// starts here (through flow/require-flow.server.ts) and ends by committing what changed.
import { data, redirect, type TypedResponse } from "@remix-run/node";
import { hasTrackingParams, readTrackingParams, type TrackingParams } from "../../funnel/tracking";
import type { Variant } from "../../funnel/variant";
import { readLanguage, type Language } from "../../i18n/languages";
import { translateReply, translator } from "../../i18n/messages";
import {
  claimResponderUuid,
  commitVisitorSession,
  currentResponderUuid,
  getVisitorSession,
  ownsResponderUuid,
  releaseResponderUuid,
  savedVisitorSession,
  type VisitorSession,
} from "./session.server";
import { variantOf } from "./variant-cookie.server";

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

export function isResponderUuid(value: unknown): value is string {
  return typeof value === "string" && uuidPattern.test(value);
}

export class Visitor {
  private readonly before: string;
  /** Saved early (sessionId), so its cookie is sent even when nothing in it changed. */
  private savedEarly = false;
  /** Remembered when her session is saved. */
  private askedLanguage: Language | undefined;

  private constructor(
    private current: VisitorSession,
    /** For new flows (a flow keeps its own: flow-variant.server.ts). */
    readonly variant: Variant,
    /** When new or changed. */
    private readonly variantCookie: string | undefined,
  ) {
    this.before = JSON.stringify(current.data);
  }

  get session(): VisitorSession {
    return this.current;
  }

  /** For what must be bound to this browser now (a secure link's first use): a new visitor's session is saved here, its cookie in the reply. */
  async sessionId(): Promise<string> {
    if (!this.current.id) {
      this.current = await savedVisitorSession(this.current);
      this.savedEarly = true;
    }
    return this.current.id;
  }

  /** Keeps any tracking params the URL carries. */
  static async open(request: Request, options: { newFlow?: boolean } = {}): Promise<Visitor> {
    const { variant, setCookie } = await variantOf(request);
    const visitor = new Visitor(await getVisitorSession(request), variant, setCookie);
    // Spec section 4: a new flow at /welcome clears the old tracking params.
    if (options.newFlow) visitor.session.unset("trackingParams");
    const search = new URL(request.url).searchParams;
    const fromUrl = readTrackingParams(search);
    if (hasTrackingParams(fromUrl)) visitor.session.set("trackingParams", fromUrl);
    visitor.askedLanguage = readLanguage(search.get("lang"));
    return visitor;
  }

  /** The address's, else her earlier choice, else English. */
  get language(): Language {
    return this.askedLanguage ?? readLanguage(this.session.get("language")) ?? "en";
  }

  /** A schema's messages are catalogue ids. */
  reply<Reply extends { error?: Record<string, readonly string[] | null | undefined> | null }>(reply: Reply): Reply {
    return translateReply(translator(this.language), reply);
  }

  get trackingParams(): TrackingParams {
    return this.session.get("trackingParams") ?? {};
  }

  /** Normalised, when well formed and owned by this browser. */
  ownedUuid(candidate: string | null | undefined): string | undefined {
    if (!isResponderUuid(candidate)) return undefined;
    const uuid = candidate.toLowerCase();
    return ownsResponderUuid(this.session, uuid) ? uuid : undefined;
  }

  get currentUuid(): string | undefined {
    return currentResponderUuid(this.session);
  }

  claim(responderUuid: string): string {
    claimResponderUuid(this.session, responderUuid);
    return responderUuid;
  }

  /** Spec section 4 clears her data from the browser after payment; ours is on the server, so the browser gives the flow up. */
  release(responderUuid: string): void {
    releaseResponderUuid(this.session, responderUuid);
  }

  /** When anything changed. */
  async headers(init: HeadersInit = {}): Promise<Headers> {
    const headers = new Headers(init);
    if (this.variantCookie) headers.append("Set-Cookie", this.variantCookie);
    const changed = () => this.savedEarly || JSON.stringify(this.session.data) !== this.before;
    // A language choice never makes a session for a new visitor on its own: an entry page would stop being shared.
    const asked = this.askedLanguage;
    if (asked && asked !== this.session.get("language") && (this.current.id || changed())) this.session.set("language", asked);
    if (changed()) {
      headers.append("Set-Cookie", await commitVisitorSession(this.session));
    }
    return headers;
  }

  // A plain Response among an action's answers would make useActionData untyped.
  async redirect(url: string, headers: HeadersInit = {}): Promise<TypedResponse<never>> {
    return redirect(url, { status: 303, headers: await this.headers(headers) });
  }

  async data<T>(value: T, init: { status?: number; headers?: HeadersInit } = {}) {
    return data(value, { status: init.status, headers: await this.headers(init.headers) });
  }
}
