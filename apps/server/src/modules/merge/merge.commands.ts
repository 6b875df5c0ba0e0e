/** ProQ command of Merge connections: `merge.poll` looks at Merge's linked accounts of an open magic link. */
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { defineCommandType, type CommandDefOf } from '../../proq/index.ts';
import { POLL_COMMAND, pollConnection } from './merge.service.ts';

const ZPollPayload = z.object({ connectionId: z.uuid() });

declare module '../../proq/types.ts' {
  interface ProqCommands {
    'merge.poll': typeof ZPollPayload;
  }
}

export function mergeCommandTypes(ctx: AppContext): CommandDefOf[] {
  return [
    defineCommandType({
      name: POLL_COMMAND,
      description: 'Merge magic link: has the client connected the accounting system yet?',
      category: 'merge',
      schema: ZPollPayload,
      maxAttempts: 3,
      retry: { baseDelayMs: 60_000, maxDelayMs: 600_000 },
      handler: async (p) => pollConnection(ctx, p.connectionId),
    }),
  ];
}
