// `npm run restore -- FILE`: the embedded database (DATA_DIR/pglite) replaced by a backup, with
// the server stopped; the folder that was there is moved aside (app/server/admin/backup.server.ts).
import { restore } from "../app/server/admin/backup.server";
import { dataSettings, finish } from "./admin-command";

const [file, ...rest] = process.argv.slice(2);
if (!file || rest.length > 0) finish({ exitCode: 2, lines: ["Usage: npm run restore -- FILE"] });
else finish(await restore(file, dataSettings()));
