/**
 * CLI of the analysis engine (`npm run cli -- …`):
 *   network generate --merchants N --seed S --out FILE.parquet [--csv FILE.csv]
 *   network import FILE(.csv|.parquet) --out FILE.parquet
 *   analyze --type base|matched-data-only|advanced --network FILE --input KIND=FILE … --out DIR
 *           [--map KIND:datapoint=Header …] [--currency USD] [--scoring-ruleset F] [--confidence-ruleset F]
 *   preview FILE [--kind KIND] [--rows N]
 */
import { readFileSync } from 'node:fs';
import { JOB_TYPES } from '@sextant/shared';
import type { TJobType } from '@sextant/shared';
import { AnalysisInputError } from '../errors.ts';
import { generateNetwork, importNetwork } from '../network/import.ts';
import { runAnalysis } from '../pipeline/run-analysis.ts';
import type { AnalysisInput } from '../pipeline/run-analysis.ts';
import { INPUT_KINDS } from '../ingest/datapoints.ts';
import type { DatapointId, InputKind } from '../ingest/datapoints.ts';
import { previewFile } from '../ingest/preview.ts';
import { parseConfidenceRuleset, parseScoringRuleset } from '../score/ruleset.ts';

const USAGE = `Usage:
  npm run cli -- network generate --merchants N --seed S --out FILE.parquet [--csv FILE.csv]
  npm run cli -- network import FILE(.csv|.parquet) --out FILE.parquet
  npm run cli -- analyze --type base|matched-data-only|advanced --network FILE --input KIND=FILE [--input KIND=FILE …] --out DIR
                 [--map KIND:datapoint=Header …] [--currency USD] [--scoring-ruleset FILE] [--confidence-ruleset FILE] [--quiet]
  npm run cli -- preview FILE [--kind KIND] [--rows N]
KIND: ${INPUT_KINDS.join(', ')}`;

function parseArgs(argv: string[]): { positional: string[]; flags: Map<string, string[]> } {
  const positional: string[] = [];
  const flags = new Map<string, string[]>();
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a.startsWith('--')) {
      const [k, inline] = a.slice(2).split(/=(.*)/s, 2) as [string, string | undefined];
      const boolean = ['quiet', 'help'].includes(k);
      const v = inline ?? (boolean ? 'true' : argv[++i]);
      if (v === undefined) throw new AnalysisInputError('INVALID_ARGUMENT', `--${k} needs a value`);
      flags.set(k, [...(flags.get(k) ?? []), v]);
    } else positional.push(a);
  }
  return { positional, flags };
}

function one(flags: Map<string, string[]>, k: string, required = true): string | undefined {
  const v = flags.get(k)?.at(-1);
  if (required && !v) throw new AnalysisInputError('INVALID_ARGUMENT', `--${k} is required\n${USAGE}`);
  return v;
}

function progressPrinter(quiet: boolean) {
  let last = -1;
  return (pc: number, msg: string) => {
    if (quiet) return;
    const p = Math.floor(pc);
    if (p !== last || pc >= 100) process.stderr.write(`[${String(p).padStart(3)}%] ${msg}\n`);
    last = p;
  };
}

async function main(argv: string[]): Promise<void> {
  const { positional, flags } = parseArgs(argv);
  const [cmd, sub] = positional;
  const quiet = flags.has('quiet');
  if (!cmd || flags.has('help')) {
    console.log(USAGE);
    return;
  }
  if (cmd === 'network' && sub === 'generate') {
    const merchants = Number(one(flags, 'merchants'));
    const seed = Number(one(flags, 'seed', false) ?? 1);
    const r = await generateNetwork({
      merchants,
      seed,
      out: one(flags, 'out')!,
      csvOut: one(flags, 'csv', false),
      onProgress: progressPrinter(quiet),
    });
    console.log(JSON.stringify({ merchants: r.merchants, out: r.out, seconds: r.seconds }));
    return;
  }
  if (cmd === 'network' && sub === 'import') {
    const file = positional[2];
    if (!file) throw new AnalysisInputError('INVALID_ARGUMENT', `network import needs a FILE\n${USAGE}`);
    const r = await importNetwork(file, one(flags, 'out')!, { onProgress: progressPrinter(quiet) });
    console.log(JSON.stringify({ ...r, issues: r.issues.slice(0, 20) }, null, 2));
    return;
  }
  if (cmd === 'preview') {
    const file = positional[1];
    if (!file) throw new AnalysisInputError('INVALID_ARGUMENT', `preview needs a FILE\n${USAGE}`);
    console.log(
      JSON.stringify(
        await previewFile(file, {
          rows: Number(one(flags, 'rows', false) ?? 10),
          kind: one(flags, 'kind', false) as InputKind | undefined,
        }),
        null,
        2,
      ),
    );
    return;
  }
  if (cmd === 'analyze') {
    const type = one(flags, 'type') as TJobType;
    if (!JOB_TYPES.includes(type))
      throw new AnalysisInputError('INVALID_ARGUMENT', `--type must be one of ${JOB_TYPES.join(', ')}`);
    const maps = new Map<string, Partial<Record<DatapointId, string>>>();
    for (const m of flags.get('map') ?? []) {
      const mm = /^([a-z]+):([A-Za-z0-9]+)=(.*)$/.exec(m);
      if (!mm)
        throw new AnalysisInputError('INVALID_ARGUMENT', `--map must look like KIND:datapoint=Header (got "${m}")`);
      maps.set(mm[1]!, { ...(maps.get(mm[1]!) ?? {}), [mm[2]!]: mm[3]! });
    }
    const inputs: AnalysisInput[] = (flags.get('input') ?? []).map((s) => {
      const eq = s.indexOf('=');
      const kind = s.slice(0, eq) as InputKind;
      if (eq < 1 || !INPUT_KINDS.includes(kind))
        throw new AnalysisInputError(
          'INVALID_ARGUMENT',
          `--input must be KIND=FILE with KIND one of ${INPUT_KINDS.join(', ')} (got "${s}")`,
        );
      return { kind, file: s.slice(eq + 1), mapping: maps.get(kind) };
    });
    const scoring = one(flags, 'scoring-ruleset', false);
    const confidence = one(flags, 'confidence-ruleset', false);
    const r = await runAnalysis({
      type,
      networkFile: one(flags, 'network')!,
      inputs,
      outDir: one(flags, 'out')!,
      currency: one(flags, 'currency', false),
      scoringRuleset: scoring ? parseScoringRuleset(JSON.parse(readFileSync(scoring, 'utf8'))) : undefined,
      confidenceRuleset: confidence ? parseConfidenceRuleset(JSON.parse(readFileSync(confidence, 'utf8'))) : undefined,
      onProgress: progressPrinter(quiet),
    });
    for (const i of r.ingest) {
      if (i.issueCount)
        process.stderr.write(
          `${i.file}: ${i.rowsAccepted}/${i.rowsRead} rows accepted; ${i.issueCount} issues (first: ${i.issues
            .slice(0, 3)
            .map((x) => `row ${x.row}${x.column ? ` "${x.column}"` : ''}: ${x.reason}`)
            .join('; ')}) — full list in ${i.issuesFile}\n`,
        );
    }
    console.log(JSON.stringify({ summary: r.summary, timings: r.timings, model: r.score?.model ?? null }, null, 2));
    return;
  }
  throw new AnalysisInputError('INVALID_ARGUMENT', `unknown command "${positional.join(' ')}"\n${USAGE}`);
}

main(process.argv.slice(2)).catch((e: unknown) => {
  if (e instanceof AnalysisInputError) {
    console.error(`Error: ${e.message}`);
    process.exit(2);
  }
  console.error(e);
  process.exit(1);
});
