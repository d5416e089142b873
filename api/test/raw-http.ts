// Requests over a real connection (node:http), for what inject cannot show: whether a client that writes a whole
// body, or waits for `100 Continue`, reads the server's answer (issue 32 item 6).
import http from 'node:http';

export interface Answer {
  status: number;
  body: string;
  /** Whether the server sent `100 Continue`. */
  continued: boolean;
  /** Bytes of the body the client wrote before the answer came. */
  written: number;
}

/**
 * A request over a real connection with node:http: the client writes its whole body (in 64 KB chunks, as a browser
 * or curl does) unless it waits for `100 Continue`, and reads the answer. Rejects on a broken pipe or reset before
 * the answer is read.
 */
export function send(
  base: string,
  opts: {
    method: string;
    path: string;
    body: Buffer;
    headers?: Record<string, string>;
    expectContinue?: boolean;
    chunked?: boolean;
  },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const url = new URL(opts.path, base);
    let continued = false;
    let written = 0;
    const req = http.request({
      host: url.hostname,
      port: url.port,
      path: url.pathname,
      method: opts.method,
      agent: false,
      headers: {
        'content-type': 'application/json',
        ...(opts.chunked ? {} : { 'content-length': String(opts.body.length) }),
        ...(opts.expectContinue ? { expect: '100-continue' } : {}),
        ...opts.headers,
      },
    });
    const writeAll = () => {
      const chunk = 64 * 1024;
      const next = () => {
        while (written < opts.body.length) {
          const part = opts.body.subarray(written, written + chunk);
          written += part.length;
          if (!req.write(part)) return void req.once('drain', next);
        }
        req.end();
      };
      next();
    };
    req.on('continue', () => {
      continued = true;
      writeAll();
    });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          body: Buffer.concat(chunks).toString('utf8'),
          continued,
          written,
        }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    if (opts.expectContinue) req.flushHeaders();
    else writeAll();
  });
}
