// One visitor's request: her session, the tracking params kept for her, and the uuids she
// owns. Every loader and action starts here (each page of her funnel through its guard,
// flow/require-flow.server.ts), and ends by committing what changed.
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
  /** The language the address asks for (`?lang=`), remembered when her session is saved. */
  private askedLanguage: Language | undefined;

  private constructor(
    private current: VisitorSession,
    /** Her A/B variant for new flows (a flow keeps the one it began with: flow-variant.server.ts). */
    readonly variant: Variant,
    /** The cookie that keeps her variant, when it is new or changed. */
    private readonly variantCookie: string | undefined,
  ) {
    this.before = JSON.stringify(current.data);
  }

  get session(): VisitorSession {
    return this.current;
  }

  /**
   * Her session's id, for what must be bound to this browser now (a secure link's first use).
   * A new visitor has none until her session is saved, so it is saved here, and the reply
   * carries its cookie: the session the browser keeps is the one the id names.
   */
  async sessionId(): Promise<string> {
    if (!this.current.id) {
      this.current = await savedVisitorSession(this.current);
      this.savedEarly = true;
    }
    return this.current.id;
  }

  /** Opens the visitor's session and keeps any tracking params the URL carries. */
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

  /** Her language: the address's, else the one she chose before, else English. */
  get language(): Language {
    return this.askedLanguage ?? readLanguage(this.session.get("language")) ?? "en";
  }

  /** A form's reply in her language (a schema's messages are catalogue ids). */
  reply<Reply extends { error?: Record<string, readonly string[] | null | undefined> | null }>(reply: Reply): Reply {
    return translateReply(translator(this.language), reply);
  }

  get trackingParams(): TrackingParams {
    return this.session.get("trackingParams") ?? {};
  }

  /** The uuid, normalised, when it is well formed and this browser owns it. */
  ownedUuid(candidate: string | null | undefined): string | undefined {
    if (!isResponderUuid(candidate)) return undefined;
    const uuid = candidate.toLowerCase();
    return ownsResponderUuid(this.session, uuid) ? uuid : undefined;
  }

  get currentUuid(): string | undefined {
    return currentResponderUuid(this.session);
  }

  /** Makes the flow this browser's, and its current one. */
  claim(responderUuid: string): string {
    claimResponderUuid(this.session, responderUuid);
    return responderUuid;
  }

  /**
   * Spec section 4: after payment her data for the flow is cleared from the browser. Ours is
   * on the server, so the browser gives the flow up: nothing of it can be read from here again.
   */
  release(responderUuid: string): void {
    releaseResponderUuid(this.session, responderUuid);
  }

  /** Headers that save the session, when anything in it changed. */
  async headers(init: HeadersInit = {}): Promise<Headers> {
    const headers = new Headers(init);
    if (this.variantCookie) headers.append("Set-Cookie", this.variantCookie);
    const changed = () => this.savedEarly || JSON.stringify(this.session.data) !== this.before;
    // A choice of language changes a session she has, or goes with one being saved now; it
    // never makes one for a new visitor on her own (an entry page would stop being shared).
    const asked = this.askedLanguage;
    if (asked && asked !== this.session.get("language") && (this.current.id || changed())) this.session.set("language", asked);
    if (changed()) {
      headers.append("Set-Cookie", await commitVisitorSession(this.session));
    }
    return headers;
  }

  // A TypedResponse, as redirect() gives: a plain Response among an action's answers would make
  // its page's useActionData untyped.
  async redirect(url: string, headers: HeadersInit = {}): Promise<TypedResponse<never>> {
    return redirect(url, { status: 303, headers: await this.headers(headers) });
  }

  async data<T>(value: T, init: { status?: number; headers?: HeadersInit } = {}) {
    return data(value, { status: init.status, headers: await this.headers(init.headers) });
  }
}
