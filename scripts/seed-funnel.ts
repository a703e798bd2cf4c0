// `npm run seed:funnel -- --flows 1000000 [--days 365] [--reset]`: fills the database the app
// would open (DATABASE_URL, else PGlite in DATA_DIR) with generated flows and orders in
// realistic proportions, to try the owner's funnel report at scale and to measure it
// (`npm run bench`). Every row is made by the database itself, 100,000 flows a statement:
// generate_series and random(), never a round trip a row. Each batch is the next slice of the
// days, oldest first, and its rows are written in time order: a table's rows lie on disk in the
// order they were written, which in production is the order they happened, and the report's
// range scans read as many pages as that order spreads a range over.
//
// Proportions (of flows begun): welcome 96%, then concerns 85%, social proof 78%,
// congratulations 70%, selection page 55%, ADD TO PLAN 38%, pre-checkout 33%, final checkout
// 27%; 4% begin at the selection page, handed over by the intake. A hold for 30% of the flows
// that opened the final checkout; of those holds 75% approved (captured, then renewed each
// period that has come, 7% of renewals failing once), 15% declined (released), the rest still
// on hold if recent, else lapsed. 15% of orders carry a promo code. Variant classic 20%.
import { pathToFileURL } from "node:url";
import { sql } from "drizzle-orm";
import { closeDatabase, database, type Queryable } from "../app/server/db/client.server";

export interface Options {
  flows: number;
  days: number;
  reset: boolean;
}

function readOptions(argv: string[]): Options {
  const options: Options = { flows: 10_000, days: 365, reset: false };
  for (let i = 0; i < argv.length; i++) {
    const name = argv[i];
    if (name === "--reset") options.reset = true;
    else if (name === "--flows" || name === "--days") {
      const value = Number(argv[++i]);
      if (!Number.isSafeInteger(value) || value < 1) throw new Error(`${name} takes a whole number above 0`);
      options[name === "--flows" ? "flows" : "days"] = value;
    } else throw new Error(`unknown option ${name}: use --flows N, --days N, --reset`);
  }
  return options;
}

const batchSize = 100_000;

/** The rows of a statement, on either engine (both answer `{ rows }`). */
async function rowsOf<Row>(db: Queryable, statement: string): Promise<[Row, ...Row[]]> {
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- either engine's result type is opaque: its rows are asserted, not inferred
  const { rows } = (await db.execute(sql.raw(statement))) as unknown as { rows: Row[] };
  if (rows.length === 0) throw new Error("the statement answered no row");
  return rows as [Row, ...Row[]];
}
const referenceAlphabet = "23456789ABCDEFGHJKMNPQRSTVWXYZ";

/** A unique order reference from a number below 30^8, as SQL: MC-XXXX-XXXX. */
function referenceOf(number: string): string {
  const digit = (power: number) => `substr('${referenceAlphabet}', ((${number}) / ${30 ** power}::bigint % 30)::int + 1, 1)`;
  return `'MC-' || ${[7, 6, 5, 4].map(digit).join(" || ")} || '-' || ${[3, 2, 1, 0].map(digit).join(" || ")}`;
}

const emptied = [
  "disputes",
  "subscription_payments",
  "subscription_events",
  "subscriptions",
  "orders",
  "checkout_carts",
  "flow_progress",
  "funnel_records",
];

/** Adds `options.flows` generated flows (and their orders) to the app's database; returns the orders made. */
export async function seedFunnel(options: Options, report: (line: string) => void = () => {}): Promise<number> {
  const db = await database();
  const began = Date.now();
  if (options.reset) {
    await db.execute(sql.raw(`truncate ${emptied.join(", ")}`));
    report(`emptied ${emptied.join(", ")}`);
  }
  // References of this run: a run number times 10^7 plus the order's number, so that runs appended to one another do not collide.
  const run = Math.floor(Math.random() * 60_000);
  let orderNumber = 0;
  for (let done = 0; done < options.flows; done += batchSize) {
    const count = Math.min(batchSize, options.flows - done);
    await db.transaction(async (tx) => {
      await tx.execute(
        sql.raw(`create temporary table seed_flows on commit drop as
        select gen_random_uuid() as responder_uuid,
          now() - interval '${options.days} days' * (1 - (${done} + random() * ${count}) / ${options.flows}) as started_at,
          case when random() < 0.2 then 'classic' else 'current' end as variant,
          r_source, r_campaign, r_referral,
          -- How far it went: welcome always, each later step while the draw is under its share.
          1 + (r_far < 0.85)::int + (r_far < 0.78)::int + (r_far < 0.70)::int + (r_far < 0.55)::int
            + (r_far < 0.38)::int + (r_far < 0.33)::int + (r_far < 0.27)::int as reached,
          random() < 0.04 as from_intake,
          random() as r_hold, random() as r_plan, random() as r_outcome, random() as r_promo
        from (select random() as r_far, random() as r_source, random() as r_campaign, random() as r_referral
              from generate_series(1, ${count})) draws`),
      );
      await tx.execute(
        sql.raw(`insert into flow_progress (responder_uuid, started_at, variant, utm_source, utm_campaign, referral_code, steps)
        select responder_uuid, started_at, variant, source,
          case when source is null then null else source || '-' || (array['spring', 'always-on', 'retarget'])[1 + floor(r_campaign * 3)::int] end,
          case when r_referral < 0.05 then (array['AMY10', 'JOY25', '199sema', 'DRKIM'])[1 + floor(r_referral * 80)::int] end,
          case when from_intake and reached >= 5 then ((1 << reached) - 1) & ~15 else (1 << reached) - 1 end
        from (select *, case
                when r_source < 0.30 then 'google' when r_source < 0.50 then 'facebook' when r_source < 0.62 then 'instagram'
                when r_source < 0.70 then 'newsletter' when r_source < 0.78 then 'tiktok' end as source
              from seed_flows) flows
        order by started_at`),
      );
      await tx.execute(
        sql.raw(`insert into funnel_records (responder_uuid, current_step_id, utm_source, utm_campaign, referral_code, variant, created_at, updated_at)
        select responder_uuid,
          case when steps & 8 <> 0 then 'congratulation' when steps & 4 <> 0 then 'social-proof' when steps & 2 <> 0 then 'concerns'
               when steps & 1 <> 0 then 'welcome' end,
          utm_source, utm_campaign, referral_code, variant, started_at, started_at
        from flow_progress where responder_uuid in (select responder_uuid from seed_flows)
        order by started_at`),
      );
      // Orders: a hold for 30% of the flows that opened the final checkout.
      await tx.execute(
        sql.raw(`create temporary table seed_orders on commit drop as
        select f.responder_uuid, f.variant, gen_random_uuid() as order_id, gen_random_uuid() as subscription_id,
          ${orderNumber} + row_number() over () as number,
          f.started_at + random() * interval '40 minutes' as placed_at,
          case when f.r_plan < 0.45 then 'monthly' when f.r_plan < 0.80 then 'quarterly' when f.r_plan < 0.92 then '6_month' else 'yearly' end as plan,
          f.r_outcome, f.r_promo
        from seed_flows f where f.reached >= 8 and f.r_hold < 0.30`),
      );
      const [{ orders }] = await rowsOf<{ orders: number }>(tx, "select count(*)::int as orders from seed_orders");
      await tx.execute(
        sql.raw(`alter table seed_orders add column renewal_cents int, add column months int, add column discount_cents int,
        add column state text, add column decided_at timestamptz, add column periods_paid int`),
      );
      await tx.execute(
        sql.raw(`update seed_orders set
        renewal_cents = case plan when 'monthly' then 13900 when 'quarterly' then 29900 when '6_month' then 54900 else 99900 end,
        months = case plan when 'monthly' then 1 when 'quarterly' then 3 when '6_month' then 6 else 12 end,
        discount_cents = case when r_promo < 0.10 then 10000 when r_promo < 0.15 then 2000 else 0 end`),
      );
      await tx.execute(
        sql.raw(`update seed_orders set
        state = case when r_outcome < 0.75 then 'active' when r_outcome < 0.90 then 'declined'
                     when placed_at > now() - interval '7 days' then 'on_hold' else 'hold_expired' end,
        decided_at = case when r_outcome < 0.90 then least(now(), placed_at + random() * interval '2 days') end`),
      );
      await tx.execute(
        sql.raw(`update seed_orders set periods_paid = case when state = 'active'
        then 1 + floor(extract(epoch from now() - decided_at) / (months * 30.44 * 86400))::int else 0 end`),
      );
      await tx.execute(
        sql.raw(`insert into orders (id, responder_uuid, status, body, amount_cents, gateway, attempts, payment_reference,
          card_brand, card_last4, authorised_at, reference, created_at, updated_at)
        select order_id, responder_uuid, 'authorised',
          jsonb_build_object('metadata', jsonb_build_object('orderSource', 'website', 'seeded', true), 'plan', plan),
          renewal_cents - discount_cents, 'sandbox', 1, 'seed_' || order_id, 'visa', '4242', placed_at,
          ${referenceOf(`${run}::bigint * 10000000 + number`)}, placed_at, placed_at
        from seed_orders order by placed_at`),
      );
      await tx.execute(
        sql.raw(`insert into subscriptions (id, order_id, responder_uuid, reference, state, plan, variant, gateway,
          first_period_cents, renewal_cents, hold_reference, hold_placed_at, hold_expires_at, decision, decided_at, decided_by,
          first_period_start, periods_paid, next_billing_at, created_at, updated_at)
        select subscription_id, order_id, responder_uuid, ${referenceOf(`${run}::bigint * 10000000 + number`)}, state, plan, variant, 'sandbox',
          renewal_cents - discount_cents, renewal_cents, 'seed_' || order_id, placed_at, placed_at + interval '7 days',
          case when state = 'active' then 'approved' when state = 'declined' then 'declined' end,
          decided_at, case when decided_at is not null then 'embedded provider' end,
          case when state = 'active' then decided_at end, periods_paid,
          case when state = 'active' then decided_at + (periods_paid * months) * interval '1 month' end,
          placed_at, placed_at
        from seed_orders order by placed_at`),
      );
      await tx.execute(
        sql.raw(`insert into checkout_carts (responder_uuid, countdown_ends_at, promo_code, promo_discount_cents, promo_subtotal_cents, created_at, updated_at)
        select responder_uuid, placed_at + interval '15 minutes',
          case when discount_cents = 10000 then 'HRT100' when discount_cents > 0 then 'WELCOME20' end,
          nullif(discount_cents, 0), case when discount_cents > 0 then renewal_cents end, placed_at, placed_at
        from seed_orders order by placed_at`),
      );
      // Money: the hold, its capture or release, and each renewal (7% failing once, then paid a day later).
      await tx.execute(
        sql.raw(`create temporary table seed_renewals on commit drop as
        select subscription_id, period, renewal_cents, decided_at + (period * months) * interval '1 month' as due_at, random() < 0.07 as failed
        from seed_orders, generate_series(1, greatest(periods_paid - 1, 0)) as period`),
      );
      await tx.execute(
        sql.raw(`insert into subscription_payments (subscription_id, kind, period, status, amount_cents, gateway_reference, idempotency_key, at)
        select * from (
        select subscription_id, 'hold', 0, 'succeeded', renewal_cents - discount_cents, 'seed_' || order_id, 'seed-hold:' || subscription_id, placed_at as at from seed_orders
        union all
        select subscription_id, 'capture', 0, 'succeeded', renewal_cents - discount_cents, 'seed_' || order_id, 'seed-capture:' || subscription_id, decided_at
          from seed_orders where state = 'active'
        union all
        select subscription_id, 'release', 0, 'succeeded', renewal_cents - discount_cents, 'seed_' || order_id, 'seed-release:' || subscription_id, decided_at
          from seed_orders where state = 'declined'
        union all
        select subscription_id, 'charge', period, 'failed', renewal_cents, null, 'seed-failed:' || subscription_id || ':' || period, due_at
          from seed_renewals where failed
        union all
        select subscription_id, 'charge', period, 'succeeded', renewal_cents, 'seed_charge', 'seed-charge:' || subscription_id || ':' || period,
            due_at + case when failed then interval '1 day' else interval '0' end as at
          from seed_renewals) payments
        order by at`),
      );
      orderNumber += orders;
    });
    report(
      `${Math.min(done + batchSize, options.flows).toLocaleString("en-US")} flows, ${orderNumber.toLocaleString("en-US")} orders, ${((Date.now() - began) / 1000).toFixed(1)} s`,
    );
  }
  // A flow's renewals are made here with its batch, months before the day they are paid; in
  // production each is written on that day. The payments are put in that order.
  await db.execute(sql.raw("cluster subscription_payments using subscription_payments_at_idx"));
  await db.execute(sql.raw("analyze flow_progress, funnel_records, orders, subscriptions, subscription_payments, checkout_carts"));
  return orderNumber;
}

async function main() {
  const options = readOptions(process.argv.slice(2));
  const began = Date.now();
  await seedFunnel(options, (line) => console.log(line));
  const db = await database();
  const [totals] = await rowsOf<{ flows: number; orders: number; payments: number }>(
    db,
    `select (select count(*) from flow_progress)::int as flows, (select count(*) from subscriptions)::int as orders,
      (select count(*) from subscription_payments)::int as payments`,
  );
  console.log(
    `seeded ${options.flows.toLocaleString("en-US")} flows over ${options.days} days in ${((Date.now() - began) / 1000).toFixed(1)} s; ` +
      `the database now holds ${totals.flows.toLocaleString("en-US")} flows, ${totals.orders.toLocaleString("en-US")} orders, ${totals.payments.toLocaleString("en-US")} payments`,
  );
  await closeDatabase();
}

// Run as a script (npm run seed:funnel), not when a test imports seedFunnel.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
