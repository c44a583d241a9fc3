/**
 * A fake OTLP/HTTP collector on 127.0.0.1, port 0, whose answer the test sets: 200, a status
 * (400, 500...), a 200 with a partial success (protobuf or OTLP/JSON, as the request came), or
 * no answer at all (`hang`). It keeps every request's path, headers and body, and counts the
 * spans of trace requests (protobuf decoded with the official protos, or OTLP/JSON parsed).
 */
import { readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import protobuf from 'protobufjs';

const root = protobuf.parse(readFileSync(new URL('./otel-otlp.proto', import.meta.url), 'utf8')).root;
const TraceRequest = root.lookupType('otlp.ExportTraceServiceRequest');

/** How the collector answers. */
export type CollectorAnswer = { readonly status: number } | { readonly partial: { readonly rejectedPerExport: number; readonly message: string } } | 'hang';

/** One request as it came. */
export interface CollectedRequest {
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: Buffer;
  /** Spans in a /v1/traces request. */
  readonly spans: number;
}

/** A running fake collector. */
export interface FakeCollector {
  readonly url: string;
  readonly requests: CollectedRequest[];
  answer: CollectorAnswer;
  close(): Promise<void>;
}

/** Starts a fake collector answering `answer`. */
export async function startFakeCollector(answer: CollectorAnswer): Promise<FakeCollector> {
  const held = new Set<ServerResponse>();
  const collector: FakeCollector = { url: '', requests: [], answer, close: async () => {} };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const json = req.headers['content-type'] === 'application/json';
      collector.requests.push({ path: req.url ?? '', headers: req.headers, body, spans: req.url === '/v1/traces' ? countSpans(body, json) : 0 });
      const current = collector.answer;
      if (current === 'hang') {
        held.add(res);
        return;
      }
      if ('status' in current) return void res.writeHead(current.status, { 'content-type': 'text/plain' }).end(current.status >= 300 ? 'refused by the test' : '');
      const answerBody = json ? Buffer.from(JSON.stringify({ partialSuccess: { rejectedSpans: String(current.partial.rejectedPerExport), errorMessage: current.partial.message } })) : partialSuccessProtobuf(current.partial.rejectedPerExport, current.partial.message);
      res.writeHead(200, { 'content-type': json ? 'application/json' : 'application/x-protobuf' }).end(answerBody);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  Object.assign(collector, {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of held) res.destroy();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  });
  return collector;
}

function countSpans(body: Buffer, json: boolean): number {
  const message = (json ? JSON.parse(body.toString('utf8')) : TraceRequest.toObject(TraceRequest.decode(body))) as { resourceSpans?: { scopeSpans?: { spans?: unknown[] }[] }[] };
  return (message.resourceSpans ?? []).flatMap((rs) => rs.scopeSpans ?? []).reduce((sum, ss) => sum + (ss.spans?.length ?? 0), 0);
}

/** ExportTraceServiceResponse { partial_success { rejected_spans, error_message } }, by hand. */
function partialSuccessProtobuf(rejected: number, message: string): Buffer {
  const text = Buffer.from(message, 'utf8');
  const inner = Buffer.concat([Buffer.from([0x08, rejected]), Buffer.from([0x12, text.length]), text]);
  return Buffer.concat([Buffer.from([0x0a, inner.length]), inner]);
}
