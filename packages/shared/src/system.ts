/** System calls (SPEC §7 System): the system mode, the published app timestamp and the AI-augmented text switch. */
import { z } from 'zod';
import { ZSystemMode } from './enums.ts';

export const ZSystemModeState = z.object({ mode: ZSystemMode });
export const ZSystemModeQuery = z.object({ mode: ZSystemMode });

export const ZAppTimestamp = z.object({ timestamp: z.string() });
/** Publishing without a timestamp publishes the current time. */
export const ZAppTimestampUpdate = z.object({ timestamp: z.iso.datetime().optional() }).optional();

/** The switch arrives as the query text "true" or "false". */
export const ZAugmentedTextQuery = z.object({ status: z.enum(['true', 'false']).transform((v) => v === 'true') });
