/** Scoring and confidence ruleset versions (/api/v1/rulesets/{kind}). */
import { queryOptions } from '@tanstack/react-query';
import type { TRulesetKind } from '@sextant/shared/values';
import { http, ok } from './client.ts';

export const rulesetKeys = {
  all: ['rulesets'] as const,
  kind: (kind: TRulesetKind) => [...rulesetKeys.all, kind] as const,
  list: (kind: TRulesetKind) => [...rulesetKeys.kind(kind), 'list'] as const,
  detail: (kind: TRulesetKind, version: number) => [...rulesetKeys.kind(kind), 'detail', version] as const,
};

export const rulesetListQuery = (kind: TRulesetKind) =>
  queryOptions({ queryKey: rulesetKeys.list(kind), queryFn: () => ok(http.GET(`/api/v1/rulesets/${kind}`)) });

export const rulesetQuery = (kind: TRulesetKind, version: number) =>
  queryOptions({
    queryKey: rulesetKeys.detail(kind, version),
    queryFn: () => ok(http.GET(`/api/v1/rulesets/${kind}/{version}`, { params: { path: { version } } })),
    staleTime: 60_000,
  });

export const createRulesetVersion = (
  kind: TRulesetKind,
  body: { basedOn?: number; definition: Record<string, unknown> | string },
) => ok(http.POST(`/api/v1/rulesets/${kind}`, { body }));

export const activateRulesetVersion = (kind: TRulesetKind, version: number) =>
  ok(http.POST(`/api/v1/rulesets/${kind}/{version}/activate`, { params: { path: { version } }, body: {} }));

export const dryRunRuleset = (kind: TRulesetKind, version: number, jobId: string) =>
  ok(http.POST(`/api/v1/rulesets/${kind}/{version}/dry-run`, { params: { path: { version } }, body: { jobId } }));
