// `npm run staff -- reset-password EMAIL` and `npm run staff -- list`
// (app/server/admin/staff-command.server.ts).
import { staffCommand } from "../app/server/admin/staff-command.server";
import { closeDatabase } from "../app/server/db/client.server";
import { dataSettings, finish } from "./admin-command";

const report = await staffCommand(process.argv.slice(2), dataSettings());
await closeDatabase();
finish(report);
