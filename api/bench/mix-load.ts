/**
 * A closed-loop load over several calls at once (the realistic mix): `connections` loops, each sending one request at
 * a time over a keep-alive agent, the next call drawn from `pick`. Unlike autocannon it keeps each call's latencies
 * apart, so the table can give req/s and p99 per call.
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';

export interface MixCall {
  /** The row the request counts for. */
  name: string;
  path: string;
}

export interface MixRow {
  name: string;
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

const pct = (sorted: number[], p: number) =>
  sorted.length === 0
    ? Number.NaN
    : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

function get(agent: http.Agent, base: URL, path: string, headers: http.OutgoingHttpHeaders): Promise<number> {
  return new Promise((resolve) => {
    const req = http.request({ host: base.hostname, port: base.port, path, agent, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', () => resolve(0));
    });
    req.on('error', () => resolve(0));
    req.end();
  });
}

export async function mixLoad(opts: {
  base: string;
  headers: http.OutgoingHttpHeaders;
  connections: number;
  seconds: number;
  pick: () => MixCall;
}): Promise<MixRow[]> {
  const base = new URL(opts.base);
  const agent = new http.Agent({ keepAlive: true, maxSockets: opts.connections });
  const latencies = new Map<string, number[]>();
  const errors = new Map<string, number>();
  const started = performance.now();
  const until = started + opts.seconds * 1000;
  const loop = async () => {
    while (performance.now() < until) {
      const call = opts.pick();
      const t = performance.now();
      const status = await get(agent, base, call.path, opts.headers);
      const list = latencies.get(call.name) ?? [];
      list.push(performance.now() - t);
      latencies.set(call.name, list);
      if (status < 200 || status >= 300) errors.set(call.name, (errors.get(call.name) ?? 0) + 1);
    }
  };
  await Promise.all(Array.from({ length: opts.connections }, loop));
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  return [...latencies].map(([name, list]) => {
    const sorted = list.sort((a, b) => a - b);
    return {
      name,
      requests: sorted.length,
      rps: Math.round(sorted.length / elapsed),
      p50: Number(pct(sorted, 50).toFixed(1)),
      p99: Number(pct(sorted, 99).toFixed(1)),
      errors: errors.get(name) ?? 0,
    };
  });
}
