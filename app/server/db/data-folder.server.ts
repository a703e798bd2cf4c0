// The data folder (DATA_DIR) is its user's alone. The embedded database's files hold her
// answers and contacts, the staff's password hashes (in the tables and in the WAL) and the
// audit log's trigger; beside them are the secrets that sign her links. PGlite writes the
// files of a new database (and a restored one) 0666, and what it writes as it runs with a mask
// of its own (Emscripten's 022, set on each file with chmod, so the process's umask never
// reaches it: its catalogue cache, rewritten at each open, comes out 0644). So the folder is
// made 0700, which keeps everyone else out of all it holds whatever each file's mode, and
// everything in it is tightened at creation and at each open: by the server, the backup and
// restore commands and the secret files.
import { chmodSync, lstatSync, mkdirSync, readdirSync, realpathSync } from "node:fs";
import path from "node:path";

/**
 * Makes `dataDir` (made when missing) and everything in it private to this process's user:
 * folders 0700, files 0600 (their owner's bits kept, everyone else's removed). A file that
 * belongs to another user stops the caller here, with its name.
 */
export function keepDataFolderPrivate(dataDir: string): void {
  mkdirSync(path.resolve(dataDir), { recursive: true, mode: 0o700 });
  // The folder itself wherever a link to it points (a volume mounted elsewhere); inside it, no link is followed.
  tighten(realpathSync(dataDir));
}

function tighten(entry: string): void {
  let mode: number;
  let folder: boolean;
  try {
    const stats = lstatSync(entry);
    if (stats.isSymbolicLink()) return;
    mode = stats.mode & 0o7777;
    folder = stats.isDirectory();
  } catch (error) {
    // A running engine removes files of its own (a recycled WAL segment) while we walk.
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
    throw error;
  }
  const wanted = folder ? 0o700 : mode & 0o700;
  if (mode !== wanted) {
    try {
      chmodSync(entry, wanted);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === "ENOENT") return;
      if (code === "EPERM")
        throw new Error(`The data folder must be this user's alone, but ${entry} belongs to another user: give it to this one (chown).`);
      throw error;
    }
  }
  if (folder) {
    let names: string[];
    try {
      names = readdirSync(entry);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
      throw error;
    }
    for (const name of names) tighten(path.join(entry, name));
  }
}
