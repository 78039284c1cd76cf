// The load generator, in a process of its own so that it does not share the server's event loop
// (in one process, parsing responses for 200 connections would be counted as server time).
// Reads a plan (JSON file: baseUrl, seconds, connections, one request list per connection) and
// prints one JSON line: response times and statuses by request kind, and connection errors.
import { readFileSync } from 'node:fs';
import http from 'node:http';

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
  /**
   * Requests per second over all connections, sent at even intervals (an open model: a request is
   * sent on time whether or not earlier ones were answered); without it each connection sends its
   * next request as soon as the previous is answered (autocannon, a closed model).
   */
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

const newTallies = (): Record<Kind, KindTally> => ({
  read: { times: [], statuses: {} },
  submit: { times: [], statuses: {} },
});

/**
 * The paced model. autocannon's own rate option lets every connection send its share at the start
 * of each second, so all connections fire together: that measures bursts, not a steady rate. Here
 * requests leave at even intervals over at most `connections` keep-alive sockets, and each time is
 * counted from when the request was due, so a server falling behind shows in the figures (no
 * coordinated omission).
 */
async function paced(plan: LoadPlan & { rate: number }): Promise<LoadOutcome> {
  const kinds = newTallies();
  const agent = new http.Agent({ keepAlive: true, maxSockets: plan.connections });
  const positions = plan.lists.map(() => 0);
  const interval = 1000 / plan.rate;
  const total = Math.floor(plan.rate * plan.seconds);
  const started = performance.now();
  let errors = 0;
  const inFlight: Promise<void>[] = [];
  const send = (index: number, due: number) =>
    new Promise<void>((resolve) => {
      const list = plan.lists[index % plan.lists.length]!;
      const slot = index % plan.lists.length;
      const request = list[positions[slot]++ % list.length]!;
      const outgoing = http.request(new URL(request.path, plan.baseUrl), { method: request.method, headers: request.headers, agent, timeout: plan.timeoutSeconds * 1000 }, (response) => {
        response.resume();
        response.on('end', () => {
          const tally = kinds[request.kind];
          tally.times.push(performance.now() - due);
          tally.statuses[response.statusCode ?? 0] = (tally.statuses[response.statusCode ?? 0] ?? 0) + 1;
          resolve();
        });
      });
      outgoing.on('timeout', () => outgoing.destroy(new Error('timeout')));
      outgoing.on('error', () => {
        errors += 1;
        resolve();
      });
      outgoing.end(request.body);
    });
  for (let index = 0; index < total; index += 1) {
    const due = started + index * interval;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    inFlight.push(send(index, due));
  }
  await Promise.all(inFlight);
  agent.destroy();
  return { kinds, errors };
}

async function main(planFile: string): Promise<void> {
  const plan = JSON.parse(readFileSync(planFile, 'utf8')) as LoadPlan;
  if (plan.rate) {
    process.stdout.write(`${JSON.stringify(await paced({ ...plan, rate: plan.rate }))}\n`);
    return;
  }
  const autocannon = (await import('autocannon' as string)).default as Autocannon;
  const kinds = newTallies();
  let next = 0;
  const instance = autocannon({
    url: plan.baseUrl,
    connections: plan.connections,
    duration: plan.seconds,
    timeout: plan.timeoutSeconds,
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
