/**
 * Every command type of the application. API processes need it to validate at enqueue; workers to run. Add a
 * feature's types here (e.g. `...analysisCommandTypes`) so that `--services=worker` processes know them too.
 */
import { builtinCommandTypes } from './command-types.ts';
import type { CommandDefOf } from './types.ts';

export const commandCatalog: CommandDefOf[] = [...builtinCommandTypes];
