// `npm run backup -- FILE`: a backup of the embedded database (DATA_DIR/pglite), through the
// running server when one runs (app/server/admin/backup.server.ts). With DATABASE_URL it
// prints PostgreSQL's own commands instead.
import { backup } from "../app/server/admin/backup.server";
import { dataSettings, finish } from "./admin-command";

const [file, ...rest] = process.argv.slice(2);
if (!file || rest.length > 0) finish({ exitCode: 2, lines: ["Usage: npm run backup -- FILE"] });
else finish(await backup(file, dataSettings()));
