// The load generator, in a process of its own so that it does not share the server's event loop
// (in one process, parsing responses for 200 connections would be counted as server time).
// Reads a plan (JSON file: baseUrl, seconds, connections, one request list per connection) and
// prints one JSON line: response times and statuses by request kind, and connection errors.
import { readFileSync } from 'node:fs';

export type Kind = 'read' | 'submit';
export interface LoadRequest {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
  kind: Kind;
}
export interface LoadPlan {
  baseUrl: string;
  seconds: number;
  connections: number;
  /** Seconds after which a request counts as an error (a timeout). */
  timeoutSeconds: number;
  /** One list per connection, replayed in a loop. */
  lists: LoadRequest[][];
  /** Requests per second over all connections; unpaced (each connection back to back) without it. */
  rate?: number;
}
export interface KindTally {
  times: number[];
  statuses: Record<number, number>;
}
export interface LoadOutcome {
  kinds: Record<Kind, KindTally>;
  errors: number;
}

interface Client {
  setRequests(requests: LoadRequest[]): void;
  requestIterator: { currentRequest?: LoadRequest };
}
interface Instance {
  on(event: 'response', listener: (client: Client, statusCode: number, bytes: number, responseTime: number) => void): void;
  then: Promise<{ errors: number; timeouts: number }>['then'];
}
// autocannon ships no types.
type Autocannon = (options: Record<string, unknown>) => Instance;

async function main(planFile: string): Promise<void> {
  const autocannon = (await import('autocannon' as string)).default as Autocannon;
  const plan = JSON.parse(readFileSync(planFile, 'utf8')) as LoadPlan;
  const kinds: Record<Kind, KindTally> = {
    read: { times: [], statuses: {} },
    submit: { times: [], statuses: {} },
  };
  let next = 0;
  const instance = autocannon({
    url: plan.baseUrl,
    connections: plan.connections,
    duration: plan.seconds,
    timeout: plan.timeoutSeconds,
    ...(plan.rate ? { overallRate: plan.rate } : {}),
    // Replaced per connection in setupClient (autocannon deep-clones its options per client).
    requests: [{ method: 'GET', path: '/api/health' }],
    setupClient: (client: Client) => client.setRequests(plan.lists[next++ % plan.lists.length]),
  });
  instance.on('response', (client, statusCode, _bytes, responseTime) => {
    // The client moves to its next request only after this event: this is the one answered.
    const kind = client.requestIterator.currentRequest?.kind ?? 'read';
    kinds[kind].times.push(responseTime);
    kinds[kind].statuses[statusCode] = (kinds[kind].statuses[statusCode] ?? 0) + 1;
  });
  const result = await instance;
  process.stdout.write(`${JSON.stringify({ kinds, errors: result.errors + result.timeouts } satisfies LoadOutcome)}\n`);
}

await main(process.argv[2]!);
