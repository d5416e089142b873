// The HAProxy configuration `npm run cluster` (scripts/cluster.mjs) runs, kept apart so tests can read it without
// starting anything. deploy/haproxy.cfg (compose) has the same shape with the replicas found through Docker's DNS:
// change both together (api/test/deploy-files.test.ts checks both).
//
// Four backends over the same nodes (docs/decisions.md, "The proxy: least connections, sticky sockets, readiness
// with a liveness fallback"):
// - api: every call but socket.io, by least connections, no stickiness; a node is used while its readiness
//   (GET /api/health/ready) answers 200, so a draining node or one that lost its own database gets no new calls.
// - sockets: socket.io (/socket.io/), sticky: by the SKYNET_NODE cookie HAProxy inserts, by source address for a
//   client without cookies (socket.io's polling needs every request of a session on one node); readiness too.
// - api_any, sockets_any: the same nodes checked on liveness (GET /api/health) only, chosen by the frontend when no
//   node is ready. Readiness also fails when a SHARED dependency is down (Redis or PostgreSQL for every node at
//   once); the API degrades on its own there (fails open on Redis, clear 503s without the database), so the site
//   stays up instead of every node being taken out. A check's request is per backend (option httpchk), so the
//   liveness-checked copies need a backend of their own; `backup` servers with `track` cannot follow
//   compose's server-template slots one by one, `nbsrv` works for both.

/** The readiness and liveness paths (api/src/routes/api/misc.ts). */
export const READY_PATH = '/api/health/ready';
export const LIVE_PATH = '/api/health';

/**
 * @param {{ port: number, ports: number[], statsSocket?: string }} options the proxy's port, each node's port
 *   (node-1 first), and optionally a path for HAProxy's runtime API (`show stat` shows which node is up where).
 */
export function haproxyConfig({ port, ports, statsSocket }) {
  const servers = (withCookie) =>
    ports
      .map(
        (nodePort, i) =>
          `  server node-${i + 1} 127.0.0.1:${nodePort} check${withCookie ? ` cookie node-${i + 1}` : ''}`,
      )
      .join('\n');
  return `global
  maxconn 8000
${statsSocket ? `  stats socket ${statsSocket} mode 600 level user\n` : ''}defaults
  mode http
  option forwardfor
  option http-server-close
  timeout connect 2s
  timeout client 65s
  timeout server 65s
  timeout tunnel 1h
  timeout http-request 10s
  # Readiness bounds each dependency's probe at 2 s and then answers 503 naming it: wait for that answer.
  timeout check 3s
  retries 2
  option redispatch
  # Each node checked every second: two failed checks take it out (~2 s), two good ones bring it back.
  default-server inter 1s fall 2 rise 2

frontend web
  bind 127.0.0.1:${port}
  # One id per request from the edge on (the API logs it as reqId and answers it): client address and port, time,
  # a counter, in hex; only characters the API takes as a given id (api/src/server-options.ts requestIdOf).
  unique-id-format %{+X}o%ci:%cp-%Ts-%rt-%pid
  http-request set-header X-Request-Id %[unique-id]
  acl socket_io path /socket.io
  acl socket_io path_beg /socket.io/
  # The ready nodes while there is one; else every live node (a shared dependency is down: the API degrades).
  use_backend sockets if socket_io { nbsrv(sockets) gt 0 }
  use_backend sockets_any if socket_io
  use_backend api if { nbsrv(api) gt 0 }
  default_backend api_any

backend api
  # API calls and the site's files: least connections, no stickiness (any node answers any call).
  balance leastconn
  option httpchk GET ${READY_PATH}
  http-check expect status 200
${servers(false)}

backend api_any
  # Used only when no node is ready: liveness, so a node that answers at all still serves.
  balance leastconn
  option httpchk GET ${LIVE_PATH}
  http-check expect status 200
${servers(false)}

backend sockets
  # socket.io: a browser pinned by cookie, a client without cookies by its address; websockets passed through.
  balance source
  hash-type consistent
  cookie SKYNET_NODE insert indirect nocache httponly
  option httpchk GET ${READY_PATH}
  http-check expect status 200
${servers(true)}

backend sockets_any
  # As sockets, on liveness, when no node is ready (the same cookies: a session keeps its node).
  balance source
  hash-type consistent
  cookie SKYNET_NODE insert indirect nocache httponly
  option httpchk GET ${LIVE_PATH}
  http-check expect status 200
${servers(true)}
`;
}
