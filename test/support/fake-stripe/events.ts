// A webhook event's body as Stripe sends it, around one of its objects.
let serial = 0;

/** The JSON of a test-mode event of `type` about `object`; a fresh id unless one is given. */
export function stripeEvent(type: string, object: unknown, id = `evt_test${++serial}`): string {
  return JSON.stringify({
    id,
    object: "event",
    type,
    data: { object },
    api_version: "2025-08-27.basil",
    created: Math.floor(Date.now() / 1000),
    livemode: false,
  });
}
