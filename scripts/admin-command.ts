// What the admin commands (backup, restore, staff) share: the settings the server reads, and
// printing a report then ending with its code.
import type { CommandReport, DataSettings } from "../app/server/admin/backup.server";
import { config } from "../app/server/config.server";

export function dataSettings(): DataSettings {
  const settings = config();
  return { dataDir: settings.DATA_DIR, databaseUrl: settings.DATABASE_URL };
}

export function finish(report: CommandReport): void {
  const print = report.exitCode === 0 ? console.log : console.error;
  for (const line of report.lines) print(line);
  process.exitCode = report.exitCode;
}
