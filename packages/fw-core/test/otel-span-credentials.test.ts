/**
 * Spans never carry credentials, checked on spans exported over OTLP to a real receiver:
 * userinfo of an absolute-form target (RFC 9112 §3.2.2) never reaches `url.path` or any other
 * attribute, the target's authority names `server.address`, and `url.query` values of the
 * semantic conventions' names, fw's credential names and a deployment's own names are REDACTED.
 * Requests go over a raw socket: fetch cannot send absolute-form targets or userinfo.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { setupFailureOf, startOtelApp, type OtelApp } from './support/otel-app.ts';
import type { ReceivedSpan } from './support/otel-receiver.ts';
import { rawExchange } from './support/raw-socket.ts';

let otel: OtelApp;
let port: number;
before(async () => {
  otel = await startOtelApp({
    plugin: false,
    telemetry: { redactQueryParameters: ['session'] },
    env: { FW_OTEL_REDACT_QUERY_PARAMETERS: 'X-Trace-Secret, ' },
  });
  port = Number(new URL(otel.app.url).port);
});
after(async () => {
  await otel?.close();
});

let sent = 0;

/** Sends `GET <target>` with `host`, and returns the status and the exported server span of it. */
async function spanOf(target: string, host = `127.0.0.1:${port}`): Promise<{ status: number; span: ReceivedSpan }> {
  sent += 1;
  const agent = `credentials-test/${sent}`;
  const answer = await rawExchange(port, `GET ${target} HTTP/1.1\r\nHost: ${host}\r\nUser-Agent: ${agent}\r\nConnection: close\r\n\r\n`);
  await otel.telemetry.forceFlush();
  const span = otel.receiver.spans.find((s) => s.kind === 'SPAN_KIND_SERVER' && s.attributes['user_agent.original'] === agent);
  assert.ok(span, `a server span for ${target}`);
  return { status: Number(answer.slice(9, 12)), span };
}

describe('spans and credentials in the request target', () => {
  it('drops the userinfo of an absolute-form target: url.path is /heartbeat and the password is nowhere in the span', async () => {
    const { status, span } = await spanOf('http://admin:hunter2@127.0.0.1/heartbeat');
    assert.equal(status, 200);
    assert.equal(span.attributes['url.path'], '/heartbeat');
    assert.equal('url.query' in span.attributes, false);
    assert.equal(JSON.stringify(span).includes('hunter2'), false, JSON.stringify(span.attributes));
    assert.equal(JSON.stringify(span).includes('admin'), false, JSON.stringify(span.attributes));
  });

  it('takes server.address and server.port from the absolute-form authority over the Host header', async () => {
    const { span } = await spanOf('http://admin:hunter2@api.example:8443/heartbeat', 'other.example:1234');
    assert.equal(span.attributes['server.address'], 'api.example');
    assert.equal(span.attributes['server.port'], 8443);
    assert.equal(span.attributes['url.path'], '/heartbeat');
  });

  it('takes the scheme default port when the authority has none, whatever Host says', async () => {
    const { span } = await spanOf('http://api.example/heartbeat', 'other.example:1234');
    assert.equal(span.attributes['server.address'], 'api.example');
    assert.equal(span.attributes['server.port'], 80);
  });

  it('does not copy a target it cannot parse into the span (another scheme, a broken authority)', async () => {
    for (const target of ['ftp://admin:hunter2@127.0.0.1/heartbeat', 'http://admin:hunter2@[::1/heartbeat']) {
      const { status, span } = await spanOf(target);
      assert.equal(status, 400, target);
      assert.equal('url.path' in span.attributes, false, target);
      assert.equal(JSON.stringify(span).includes('hunter2'), false, `${target}: ${JSON.stringify(span.attributes)}`);
    }
  });

  it('records url.path * for an asterisk-form target', async () => {
    const { span } = await spanOf('*');
    assert.equal(span.attributes['url.path'], '*');
  });
});

describe('url.query redaction', () => {
  it('replaces the values of credential parameters and the semantic conventions names by REDACTED', async () => {
    const { span } = await spanOf('/heartbeat?access_token=abc&page=2&Signature=x');
    assert.equal(span.attributes['url.query'], 'access_token=REDACTED&page=2&Signature=REDACTED');
    assert.equal(span.attributes['url.path'], '/heartbeat');
  });

  it('redacts every default name and keeps other parameters byte for byte', async () => {
    const query = [
      'AWSAccessKeyId=AKIA', 'sig=s1', 'X-Goog-Signature=g', 'X-Amz-Credential=c', 'X-Amz-Security-Token=t', 'X-Amz-Signature=s2',
      'refresh_token=r', 'id_token=i', 'code=c2', 'client_secret=cs', 'token=t2', 'api_key=k', 'apikey=k2', 'key=k3', 'password=p',
      'q=a%20b+c', 'keyword=kept', 'empty=',
    ].join('&');
    const { span } = await spanOf(`/heartbeat?${query}`);
    assert.equal(
      span.attributes['url.query'],
      'AWSAccessKeyId=REDACTED&sig=REDACTED&X-Goog-Signature=REDACTED&X-Amz-Credential=REDACTED&X-Amz-Security-Token=REDACTED&X-Amz-Signature=REDACTED' +
        '&refresh_token=REDACTED&id_token=REDACTED&code=REDACTED&client_secret=REDACTED&token=REDACTED&api_key=REDACTED&apikey=REDACTED&key=REDACTED&password=REDACTED' +
        '&q=a%20b+c&keyword=kept&empty=',
    );
  });

  it('matches names case-insensitively and percent-decoded, keeping the key as sent', async () => {
    const { span } = await spanOf('/heartbeat?ACCESS_TOKEN=abc&x-goog-signature=s&access%5Ftoken=t&Token=a=b&token&page=2');
    assert.equal(span.attributes['url.query'], 'ACCESS_TOKEN=REDACTED&x-goog-signature=REDACTED&access%5Ftoken=REDACTED&Token=REDACTED&token&page=2');
  });

  it('redacts the names a deployment adds, by option and by FW_OTEL_REDACT_QUERY_PARAMETERS', async () => {
    const { span } = await spanOf('/heartbeat?Session=s3cr3t&x-trace-secret=t0p&page=1');
    assert.equal(span.attributes['url.query'], 'Session=REDACTED&x-trace-secret=REDACTED&page=1');
  });

  it('redacts url.query of an absolute-form target too', async () => {
    const { span } = await spanOf('http://127.0.0.1/heartbeat?token=abc&page=3');
    assert.equal(span.attributes['url.query'], 'token=REDACTED&page=3');
  });

  it('refuses redactQueryParameters that are not names with FW_ERR_OTEL_BAD_OPTION', async () => {
    for (const redactQueryParameters of [['ok', ''], 'session', [42]] as unknown as string[][]) {
      const error = await setupFailureOf({ redactQueryParameters, env: { OTEL_TRACES_EXPORTER: 'none' } });
      assert.equal(error.code, 'FW_ERR_OTEL_BAD_OPTION');
      assert.equal(error.message, `setupTelemetry: redactQueryParameters ${JSON.stringify(redactQueryParameters)} is not a list of names; give non-empty strings such as ['session']`);
    }
  });
});
