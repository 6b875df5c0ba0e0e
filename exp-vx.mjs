import { DuckDBInstance } from '@duckdb/node-api';
import { readdirSync } from 'node:fs';
const f = '/tmp/vg/' + readdirSync('/tmp/vg').find((x) => x.endsWith('vx2.duckdb'));
const i = await DuckDBInstance.create(':memory:', { threads: '2' });
const c = await i.connect();
await c.run(`ATTACH '${f}' AS vx (READ_ONLY)`);
for (const q of [
  `SELECT count(*) FROM vx.net_tok WHERE tok = 'synevova'`,
  `SELECT * FROM vx.net_tok WHERE tok = 'synevova'`,
  `SELECT * FROM vx.net_tok WHERE tok IN ('synevova', 'synevovia')`,
  `SELECT * FROM vx.net_tok WHERE tok >= 'synevova' AND tok <= 'synevovia'`,
  `SELECT * FROM vx.net_tok WHERE tok = 'synevova' OR tok = 'synevovia'`,
]) {
  for (let k = 0; k < 2; k++) {
    const t = performance.now();
    const r = await c.runAndReadAll(q);
    console.log(Math.round(performance.now() - t), r.getRows().length, q);
  }
}
const r = await c.runAndReadAll(`EXPLAIN ANALYZE SELECT * FROM vx.net_tok WHERE tok IN ('synevova', 'synevovia')`); console.log(r.getRows()[0][1]);
