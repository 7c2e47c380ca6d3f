// A stand-in for Algolia's REST API on 127.0.0.1, for tests: answers search queries, insights events and
// the write calls of `search push` in Algolia's response shapes, and records every request it receives.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: IncomingMessage['headers'];
  body: unknown;
}

export interface QueryRequest {
  query: string;
  indexName: string;
  page?: number;
  [key: string]: unknown;
}

export interface MockHit {
  objectID: string;
  url: string;
  type: string;
  content: string | null;
  hierarchy: Record<string, string | null>;
  _highlightResult?: unknown;
  _snippetResult?: unknown;
}

export interface AlgoliaMock {
  origin: string;
  requests: RecordedRequest[];
  /** Answers each search request (one entry of the body's `requests`). */
  hits: (request: QueryRequest) => { hits: MockHit[]; nbHits?: number };
  /** Milliseconds to wait before answering a search. */
  delay: number;
  close(): Promise<void>;
}

export async function startAlgoliaMock(): Promise<AlgoliaMock> {
  let task = 0;
  const mock: AlgoliaMock = {
    origin: '',
    requests: [],
    hits: () => ({ hits: [] }),
    delay: 0,
    close: () => new Promise<void>((ok) => server.close(() => ok())),
  };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://mock');
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown = text;
      try {
        body = text ? JSON.parse(text) : undefined;
      } catch {
        // Kept as text.
      }
      const path = decodeURIComponent(url.pathname);
      mock.requests.push({ method: req.method ?? '', path, query: Object.fromEntries(url.searchParams), headers: req.headers, body });
      const send = (status: number, payload: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json', 'access-control-allow-origin': '*', 'access-control-allow-headers': '*' });
        res.end(JSON.stringify(payload));
      };
      if (req.method === 'OPTIONS') return send(204, {});
      if (req.method === 'POST' && path === '/1/indexes/*/queries') {
        const requests = ((body as { requests?: QueryRequest[] })?.requests ?? []) as QueryRequest[];
        const answer = () =>
          send(200, {
            results: requests.map((r) => {
              const { hits, nbHits } = mock.hits(r);
              return { hits, nbHits: nbHits ?? hits.length, page: r.page ?? 0, nbPages: 1, hitsPerPage: 20, query: r.query, params: '', queryID: `qid-${r.query}`, processingTimeMS: 1, exhaustiveNbHits: true };
            }),
          });
        if (mock.delay > 0) setTimeout(answer, mock.delay);
        else answer();
        return undefined;
      }
      if (req.method === 'POST' && path === '/1/events') return send(200, { status: 200, message: 'OK' });
      const index = /^\/1\/indexes\/([^/]+)\/(operation|batch|settings|task\/\d+)$/.exec(path);
      if (index) {
        if (index[2]!.startsWith('task')) return send(200, { status: 'published', pendingTask: false });
        task += 1;
        return send(200, { taskID: task, updatedAt: new Date(0).toISOString(), objectIDs: [] });
      }
      return send(404, { message: `Not found: ${req.method} ${path}`, status: 404 });
    });
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  mock.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return mock;
}

/** An origin on 127.0.0.1 where nothing listens: connections to it are refused. */
export async function refusedOrigin(): Promise<string> {
  const server = createServer();
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((ok) => server.close(() => ok()));
  return `http://127.0.0.1:${port}`;
}
