// Reads of several tables about one flow in one statement start from a row of the flow's uuid
// (a placeholder, so the statement is built once) and join each table on it: a flow with none
// of the rows still answers one row, its tables' columns null.
import { sql, type SQL } from "drizzle-orm";

/** What each table joins on: `eq(table.responderUuid, flowUuid)`. */
export const flowUuid = sql`flow.responder_uuid`;

const uuidColumn = sql`${sql.placeholder("responderUuid")}::uuid as responder_uuid`;

/** The one row to read `from`: the flow's uuid, and any columns `more` adds beside it. */
export const flowRow = (...more: SQL[]): SQL => sql`(select ${sql.join([uuidColumn, ...more], sql`, `)}) as flow`;
