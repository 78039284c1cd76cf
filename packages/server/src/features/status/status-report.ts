import { worstStatus, type Maintenance, type StatusComponent, type StatusGroup, type StatusResponse } from '@citable/contract';
import type { HealthCheck } from './checks';
import { loadStatusFile, StatusFileError } from './status-file';

/** Each check gets this long; a component that does not answer in time is down as far as a visitor can tell. */
export const CHECK_TIMEOUT_MS = 2000;

async function runCheck(check: HealthCheck, timeoutMs: number): Promise<StatusComponent> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new Error(`no answer within ${timeoutMs / 1000} s`));
    }, timeoutMs);
  });
  const started = performance.now();
  try {
    const outcome = await Promise.race([check.run(controller.signal), timeout]);
    const latencyMs = check.timed ? Math.round((performance.now() - started) * 10) / 10 : null;
    return { id: check.id, name: check.name, ...outcome, latencyMs };
  } catch (error) {
    return { id: check.id, name: check.name, status: 'major_outage', latencyMs: null, detail: `Check failed: ${(error as Error).message}` };
  } finally {
    clearTimeout(timer);
  }
}

/** Runs every check in parallel and groups the components in the order the checks are listed. */
export async function runChecks(checks: readonly HealthCheck[], timeoutMs = CHECK_TIMEOUT_MS): Promise<StatusGroup[]> {
  const components = await Promise.all(checks.map((check) => runCheck(check, timeoutMs)));
  const groups = new Map<string, StatusComponent[]>();
  checks.forEach((check, index) => groups.set(check.group, [...(groups.get(check.group) ?? []), components[index]]));
  return [...groups].map(([name, members]) => ({ name, status: worstStatus(members.map((member) => member.status)), components: members }));
}

/** Maintenance under way counts towards the overall status like a group in maintenance. */
export function overallStatus(groups: readonly StatusGroup[], maintenance: readonly Maintenance[]): StatusResponse['overall'] {
  const underway = maintenance.some((window) => window.status === 'in_progress') ? ['maintenance'] : [];
  return worstStatus([...groups.map((group) => group.status), ...underway]);
}

export interface LiveChecks {
  groups: StatusGroup[];
  checkedAt: string;
}

/**
 * The status endpoint is public, and each request would otherwise open database, SMTP and
 * provider connections: concurrent and quick successive requests share one run of the checks.
 */
export function sharedChecks(checks: readonly HealthCheck[], maxAgeMs: number, now = () => Date.now()): () => Promise<LiveChecks> {
  let last: { startedAt: number; result: Promise<LiveChecks> } | undefined;
  return () => {
    if (last && now() - last.startedAt < maxAgeMs) return last.result;
    const startedAt = now();
    const result = runChecks(checks).then((groups) => ({ groups, checkedAt: new Date(startedAt).toISOString() }));
    last = { startedAt, result };
    return result;
  };
}

/**
 * The whole status page: live checks plus the operator's file, read again on every call so an
 * edit shows without a restart. A file broken after start-up is reported, not thrown.
 */
export function statusReport(live: LiveChecks, statusFile: string): StatusResponse {
  const { groups, checkedAt } = live;
  try {
    const { incidents, maintenance } = loadStatusFile(statusFile);
    return { overall: overallStatus(groups, maintenance), groups, incidents, maintenance, checkedAt, fileError: null };
  } catch (error) {
    if (!(error instanceof StatusFileError)) throw error;
    return { overall: overallStatus(groups, []), groups, incidents: [], maintenance: [], checkedAt, fileError: error.message };
  }
}
