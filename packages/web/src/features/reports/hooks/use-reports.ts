import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { GenerateReportRequest } from '@citable/contract';
import { deleteReport, fetchReport, fetchReports, generateReport } from '../api/reports-api';
import { isPending } from '../lib/format';

const KEY = ['reports'] as const;
const POLL_MS = 1000;

/** The list; polled while a report is still being generated so its row turns ready by itself. */
export function useReports(enabled: boolean) {
  return useQuery({
    queryKey: KEY,
    queryFn: ({ signal }) => fetchReports(signal),
    enabled,
    refetchInterval: (query) => (query.state.data?.some(isPending) ? POLL_MS : false),
  });
}

/** One report being generated, polled until it is completed or failed. */
export function useReportStatus(id: string | null) {
  return useQuery({
    queryKey: [...KEY, id],
    queryFn: ({ signal }) => fetchReport(id!, signal),
    enabled: id !== null,
    refetchInterval: (query) => (query.state.data && !isPending(query.state.data) ? false : POLL_MS),
  });
}

export function useGenerateReport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: GenerateReportRequest) => generateReport(input),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}

export function useDeleteReport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteReport(id),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}
