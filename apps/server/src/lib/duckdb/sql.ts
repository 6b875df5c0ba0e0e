/** SQL helpers of every DuckDB query builder of the server (the quoting itself is packages/analysis' lit/ident). */

/** The columns of a table expression (rows of `column_name`, `column_type`, …). */
export const columnsSql = (src: string) => `DESCRIBE SELECT * FROM ${src}`;

/** The number of rows of a table expression (`n`). */
export const rowCountSql = (src: string) => `SELECT count(*) AS n FROM ${src}`;
