/** Scoring and confidence ruleset versions (/api/v1/rulesets/{kind}). */
import { queryOptions } from '@tanstack/react-query';
import type { TRulesetDryRun, TRulesetKind, TRulesetList, TRulesetVersionDetail } from '@sextant/shared/values';
import { api } from './client.ts';

export const rulesetKeys = {
  all: ['rulesets'] as const,
  kind: (kind: TRulesetKind) => [...rulesetKeys.all, kind] as const,
  list: (kind: TRulesetKind) => [...rulesetKeys.kind(kind), 'list'] as const,
  detail: (kind: TRulesetKind, version: number) => [...rulesetKeys.kind(kind), 'detail', version] as const,
};

export const rulesetListQuery = (kind: TRulesetKind) =>
  queryOptions({ queryKey: rulesetKeys.list(kind), queryFn: () => api<TRulesetList>(`/api/v1/rulesets/${kind}`) });

export const rulesetQuery = (kind: TRulesetKind, version: number) =>
  queryOptions({
    queryKey: rulesetKeys.detail(kind, version),
    queryFn: () => api<TRulesetVersionDetail>(`/api/v1/rulesets/${kind}/${version}`),
    staleTime: 60_000,
  });

export const createRulesetVersion = (
  kind: TRulesetKind,
  body: { basedOn?: number; definition: Record<string, unknown> | string },
) => api<TRulesetVersionDetail>(`/api/v1/rulesets/${kind}`, { body });

export const activateRulesetVersion = (kind: TRulesetKind, version: number) =>
  api<TRulesetVersionDetail>(`/api/v1/rulesets/${kind}/${version}/activate`, { body: {} });

export const dryRunRuleset = (kind: TRulesetKind, version: number, jobId: string) =>
  api<TRulesetDryRun>(`/api/v1/rulesets/${kind}/${version}/dry-run`, { body: { jobId } });
