// The one table of the owner's console: plain, dense, one row a thing. Its caption names it
// for a screen reader, which announces the column's header (and the row's, where a cell names
// its row) with each cell; figures stand right-aligned under each other. A wide table scrolls
// sideways inside its own region on a phone, and the region takes the focus so a keyboard can
// scroll it too. The caption is for screen readers only: the page says the rest in its text,
// where a narrow screen does not scroll it out of view with the table.
import type { ReactNode } from "react";

export interface Column<Row> {
  header: ReactNode;
  /** A column of figures: header and cells aligned right. */
  numeric?: boolean;
  /** Its cells name their row (the order's reference, the step): row headers. */
  rowHeader?: boolean;
  /** More classes for its cells (wrapping, a code, a failure), the same for every row or by row. */
  className?: string | ((row: Row) => string | undefined);
  cell: (row: Row) => ReactNode;
}

export interface ConsoleTableProps<Row> {
  /** The name of the region that scrolls the table. */
  region: string;
  /** The table's own name. */
  caption: ReactNode;
  columns: Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  rowClassName?: (row: Row) => string | undefined;
  /** A class beside owner-table. */
  className?: string;
  /** Said instead of the table when it has no row; without it, the page decides what an empty list says. */
  empty?: string;
}

/** A table declared once (its names, its key, its columns), given its rows where a page draws it. */
export function consoleTable<Row>(table: Omit<ConsoleTableProps<Row>, "rows">) {
  return function DeclaredTable({ rows }: { rows: readonly Row[] }) {
    return <ConsoleTable {...table} rows={rows} />;
  };
}

const classes = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(" ") || undefined;

export function ConsoleTable<Row>({ region, caption, columns, rows, rowKey, rowClassName, className, empty }: ConsoleTableProps<Row>) {
  if (rows.length === 0 && empty !== undefined) return <p className="owner-empty">{empty}</p>;
  return (
    <div className="owner-table-region" role="region" aria-label={region} tabIndex={0}>
      <table className={classes("owner-table", className)}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column, index) => (
              <th scope="col" className={classes(column.numeric && "number")} key={index}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} className={rowClassName?.(row)}>
              {columns.map((column, index) => {
                const className = classes(
                  column.numeric && "number",
                  typeof column.className === "function" ? column.className(row) : column.className,
                );
                return column.rowHeader ? (
                  <th scope="row" className={className} key={index}>
                    {column.cell(row)}
                  </th>
                ) : (
                  <td className={className} key={index}>
                    {column.cell(row)}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
