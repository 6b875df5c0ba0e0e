/**
 * Makes the checkout's migrated PGlite template when it is missing (pglite-template.ts): run by `npm start`'s build
 * step (scripts/start.mjs), compiled into apps/server/dist/make-pglite-template.mjs, so that the first start on a new
 * data directory loads a migrated cluster instead of running initdb and every migration.
 */
import { keepAsTemplate, openDb } from './client.ts';
import { migratedTemplateFile, readMigratedTemplate } from './pglite-template.ts';

if (!readMigratedTemplate()) {
  const started = performance.now();
  const db = await openDb();
  try {
    const kept = await keepAsTemplate(db);
    console.log(
      kept
        ? `Made the migrated database template in ${Math.round(performance.now() - started)} ms (${migratedTemplateFile()})`
        : `The migrated database template could not be written (${migratedTemplateFile()}); new databases run initdb`,
    );
  } finally {
    await db.close();
  }
}
