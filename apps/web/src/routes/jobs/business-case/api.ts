/** Business case API (query-key factory, queries, save, downloads). */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { TBusinessCaseInputs } from '@sextant/shared/values';
import { download, http, ok } from '../../../api/client.ts';

const job = (jobId: string) => ({ params: { path: { jobId } } });

/**
 * The three ramp-up years as the calculation types them (a tuple): the OpenAPI document (3.0) describes a tuple as
 * an array of three, so the generated type is an array.
 */
const years = ([y1 = 0, y2 = 0, y3 = 0]: number[]): [number, number, number] => [y1, y2, y3];
const withYears = <T extends { defaults: { rampUp: number[] }; inputs: { rampUp: number[] } }>(bc: T) => ({
  ...bc,
  defaults: { ...bc.defaults, rampUp: years(bc.defaults.rampUp) },
  inputs: { ...bc.inputs, rampUp: years(bc.inputs.rampUp) },
});

export const businessCaseKeys = {
  all: (jobId: string) => ['jobs', 'detail', jobId, 'business-case'] as const,
  calculator: (jobId: string) => [...businessCaseKeys.all(jobId), 'calculator'] as const,
  summary: (jobId: string) => [...businessCaseKeys.all(jobId), 'summary'] as const,
};

export const businessCaseQuery = (jobId: string) =>
  queryOptions({
    queryKey: businessCaseKeys.calculator(jobId),
    queryFn: async () => withYears(await ok(http.GET('/api/v1/jobs/{jobId}/business-case', job(jobId)))),
    retry: false,
  });

/** The saved case for the download page and the printable report (Business Case Download permission). */
export const businessCaseSummaryQuery = (jobId: string) =>
  queryOptions({
    queryKey: businessCaseKeys.summary(jobId),
    queryFn: async () => withYears(await ok(http.GET('/api/v1/jobs/{jobId}/business-case/summary', job(jobId)))),
    retry: false,
  });

export function useSaveBusinessCase(jobId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (inputs: TBusinessCaseInputs) =>
      ok(http.PUT('/api/v1/jobs/{jobId}/business-case', { ...job(jobId), body: inputs })).then(withYears),
    onSuccess: (data) => {
      qc.setQueryData(businessCaseKeys.calculator(jobId), data);
      void qc.invalidateQueries({ queryKey: businessCaseKeys.summary(jobId) });
    },
  });
}

/** The calculator's workbook (XLSX) and the business case report (PDF), saved as files. */
export const downloadBusinessCaseXlsx = (jobId: string) =>
  download(
    http.GET('/api/v1/jobs/{jobId}/business-case/download', {
      params: { path: { jobId }, query: { format: 'xlsx' } },
      parseAs: 'blob',
    }),
    'business-case.xlsx',
  );
export const downloadBusinessCasePdf = (jobId: string) =>
  download(
    http.GET('/api/v1/jobs/{jobId}/reports/business-case/pdf', { ...job(jobId), parseAs: 'blob' }),
    'business-case.pdf',
  );
