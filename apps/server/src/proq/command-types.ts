/**
 * Built-in command types, and `defineCommandType` for everyone else. Feature modules define their types next to
 * their code and add them to `commandCatalog` (catalog.ts), the one list every process registers.
 */
import { z } from 'zod';
import type { CommandDefOf, CommandTypeDef } from './types.ts';

/**
 * Identity helper that keeps the payload type of `schema` flowing into `handler` and the literal `name`; where the
 * definition is registered (CommandDefOf) the name and schema are checked against the ProqCommands map.
 */
export function defineCommandType<S extends z.ZodType, const N extends string>(
  def: CommandTypeDef<S, N>,
): CommandTypeDef<S, N> {
  return def;
}

const ZNoopPayload = z.object({
  sleepMs: z.number().int().min(0).max(600_000).default(0),
  message: z.string().max(1000).optional(),
});

declare module './types.ts' {
  interface ProqCommands {
    'proq.noop': typeof ZNoopPayload;
  }
}

/** A command that does nothing but wait and report progress: health checks, demos, the DevOps "ping". */
export const noopCommand = defineCommandType({
  name: 'proq.noop',
  description: 'Does nothing (optionally waits, reporting progress); used to check that workers run commands',
  category: 'system',
  schema: ZNoopPayload,
  async handler(payload, ctx) {
    const steps = payload.sleepMs > 0 ? 4 : 0;
    for (let i = 1; i <= steps; i++) {
      await new Promise((r) => setTimeout(r, payload.sleepMs / steps));
      ctx.signal.throwIfAborted();
      await ctx.progress((i / steps) * 100, `step ${i} of ${steps}`);
    }
    return payload.message ?? 'ok';
  },
});

export const builtinCommandTypes: CommandDefOf[] = [noopCommand];
