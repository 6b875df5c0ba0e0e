const { PGlite } = await import('@electric-sql/pglite');
const t0 = performance.now();
const client = new PGlite({ dataDir: '/tmp/prof/pgcopy' });
await client.waitReady;
await client.query('select count(*) from users');
const u = process.cpuUsage();
console.log(process.execArgv.join(' ') || '-', 'ready+q', Math.round(performance.now() - t0), 'cpu total', Math.round((u.user + u.system) / 1000));
await client.close();
