/**
 * Pre-encoded attribute blocks on the lean span (a connection's shared request attributes, a
 * route's): a block is reused only while its values repeat, and whatever happens to the span
 * afterwards (a key of a block set again, limits, a second block holding a key already set), the
 * exported span carries each attribute once with its last value, as a span without blocks would.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Attributes } from '@opentelemetry/api';
import { readEnvConfig, type SpanLimits } from '../src/otel/env-config.ts';
import { LeanServerSpan } from '../src/otel/lean/lean-span.ts';
import { toLeanSpanData } from '../src/otel/lean/lean-trace-export.ts';
import { encodeAttributeBlock } from '../src/otel/lean/otlp-trace-encoder.ts';
import { sharedRequestBlock } from '../src/otel/lean/lean-stream-listener.ts';
import { encodeTraceRequest } from './support/otel-lean-trace-request.ts';
import { decodeTraceRequest } from './support/otlp-official-trace.ts';
import { leanSpanAttributes } from './support/lean-span-attributes.ts';

/** The SDK's default span limits, as fw reads them from an empty environment. */
const DEFAULT_SPAN_LIMITS = readEnvConfig({}).spanLimits;

const SCOPE = { name: 'fw-core', version: '0.1.0' };

function requestAttributes(overrides: Attributes = {}): Attributes {
  return {
    'http.request.method': 'GET',
    'url.scheme': 'http',
    'server.address': 'localhost',
    'server.port': 8080,
    'client.address': '127.0.0.1',
    'network.peer.address': '127.0.0.1',
    'network.peer.port': 50123,
    'network.protocol.version': '1.1',
    'user_agent.original': 'curl/8.5',
    'url.path': '/api/posts/42',
    ...overrides,
  };
}

function span(limits: Partial<SpanLimits> = {}): LeanServerSpan {
  return new LeanServerSpan('HTTP GET', undefined, true, { ...DEFAULT_SPAN_LIMITS, ...limits }, () => {});
}

/** The exported span's attributes as [key, value] pairs in wire order, decoded by the official code. */
function exported(leanSpan: LeanServerSpan): [string, unknown][] {
  leanSpan.end();
  const request = decodeTraceRequest(encodeTraceRequest({ attributes: {} }, [toLeanSpanData(leanSpan, SCOPE)])) as any;
  const decoded = request.resourceSpans[0].scopeSpans[0].spans[0];
  return decoded.attributes.map((kv: any) => {
    const value = kv.value;
    return [kv.key, value.stringValue ?? (value.intValue === undefined ? value.boolValue : Number(value.intValue))];
  });
}

describe('a connection’s shared request attributes', () => {
  it('become a block from the second request with the same values, and start over when one changes', () => {
    const connection = {};
    assert.equal(sharedRequestBlock(connection, requestAttributes()), undefined, 'a first request encodes nothing ahead');
    const block = sharedRequestBlock(connection, requestAttributes({ 'url.path': '/other' }));
    assert.ok(block, 'the second request with the same shared values gets a block');
    assert.deepEqual(Object.keys(block.attributes), ['http.request.method', 'url.scheme', 'server.address', 'server.port', 'client.address', 'network.peer.address', 'network.peer.port', 'network.protocol.version', 'user_agent.original']);
    assert.equal(block.count, 9);
    assert.equal(sharedRequestBlock(connection, requestAttributes()), block, 'and the next one the same block');
    assert.equal(sharedRequestBlock(connection, requestAttributes({ 'user_agent.original': 'other/1.0' })), undefined, 'a changed value starts over');
    const next = sharedRequestBlock(connection, requestAttributes({ 'user_agent.original': 'other/1.0' }));
    assert.equal(next?.attributes['user_agent.original'], 'other/1.0');
    assert.equal(sharedRequestBlock({}, requestAttributes()), undefined, 'another connection has its own');
  });

  it('leave out an absent user agent, as the attribute itself would be', () => {
    const connection = {};
    sharedRequestBlock(connection, requestAttributes({ 'user_agent.original': undefined }));
    const block = sharedRequestBlock(connection, requestAttributes({ 'user_agent.original': undefined }))!;
    assert.equal(block.count, 8);
    const leanSpan = span().setEncodedAttributes(block);
    assert.equal(exported(leanSpan).some(([key]) => key === 'user_agent.original'), false);
  });
});

describe('a lean span with attribute blocks', () => {
  const route = (): ReturnType<typeof encodeAttributeBlock> => encodeAttributeBlock({ 'fw.app': 'blog', 'http.route': '/api/posts/:id', 'fw.controller': 'blog_posts_controller', 'fw.action': 'show' });
  const shared = (): ReturnType<typeof encodeAttributeBlock> => encodeAttributeBlock({ 'client.address': '127.0.0.1', 'network.peer.port': 50123 });

  it('exports the blocks’ attributes and its own, each once', () => {
    const leanSpan = span().setEncodedAttributes(shared()).setAttribute('url.path', '/api/posts/42').setEncodedAttributes(route());
    leanSpan.setAttribute('http.response.status_code', 200);
    assert.deepEqual(exported(leanSpan), [
      ['client.address', '127.0.0.1'],
      ['network.peer.port', 50123],
      ['fw.app', 'blog'],
      ['http.route', '/api/posts/:id'],
      ['fw.controller', 'blog_posts_controller'],
      ['fw.action', 'show'],
      ['url.path', '/api/posts/42'],
      ['http.response.status_code', 200],
    ]);
  });

  it('exports the last value of a block’s key set again (a proxy’s client address), once', () => {
    const leanSpan = span().setEncodedAttributes(shared()).setEncodedAttributes(route());
    leanSpan.setAttribute('client.address', '203.0.113.9');
    const attributes = exported(leanSpan);
    assert.deepEqual(attributes.filter(([key]) => key === 'client.address'), [['client.address', '203.0.113.9']]);
    assert.deepEqual(new Set(attributes.map(([key]) => key)), new Set(['client.address', 'network.peer.port', 'fw.app', 'http.route', 'fw.controller', 'fw.action']));
    assert.equal(leanSpan.droppedAttributesCount, 0);
  });

  it('takes a block holding a key already set as plain attributes: the block’s value wins, counted once', () => {
    const leanSpan = span({ attributeCountLimit: 5 }).setAttribute('http.route', '/old').setEncodedAttributes(route());
    assert.equal(leanSpan.blocks, undefined);
    assert.deepEqual(exported(leanSpan), [
      ['http.route', '/api/posts/:id'],
      ['fw.app', 'blog'],
      ['fw.controller', 'blog_posts_controller'],
      ['fw.action', 'show'],
    ]);
    assert.equal(leanSpan.droppedAttributesCount, 0);
  });

  it('tells the keys it holds apart past the 30 keys that get a bit, looking them up', () => {
    // Forty keys no test set before: from the 31st distinct key in the process on, a key has no bit.
    const many = Array.from({ length: 40 }, (_, i) => `test.many.${i}`);
    const leanSpan = span({ attributeCountLimit: 200 }).setEncodedAttributes(route());
    for (const key of many) leanSpan.setAttribute(key, 1);
    for (const key of many) leanSpan.setAttribute(key, 2);
    leanSpan.setAttribute('fw.app', 'moved');
    // A block holding a key without a bit that the span holds: taken as plain attributes.
    leanSpan.setEncodedAttributes(encodeAttributeBlock({ [many[39]!]: 3, 'url.path': '/p' }));
    assert.deepEqual(leanSpan.blocks, [], 'the route block moved to plain attributes, and the new one was taken as such');
    const attributes = exported(leanSpan);
    assert.equal(attributes.length, 4 + 40 + 1);
    assert.equal(new Set(attributes.map(([key]) => key)).size, attributes.length, 'each key once');
    assert.deepEqual(attributes.filter(([key]) => key === many[0] || key === many[39] || key === 'fw.app'), [[many[0], 2], [many[39], 3], ['fw.app', 'moved']]);
    assert.equal(leanSpan.droppedAttributesCount, 0);
  });

  it('applies the count and length limits to a block’s attributes as to any', () => {
    const counted = span({ attributeCountLimit: 3 }).setEncodedAttributes(shared()).setEncodedAttributes(route());
    assert.equal(counted.droppedAttributesCount, 3);
    assert.deepEqual(exported(counted), [
      ['client.address', '127.0.0.1'],
      ['network.peer.port', 50123],
      ['fw.app', 'blog'],
    ]);
    const truncated = span({ attributeValueLengthLimit: 4 }).setEncodedAttributes(route());
    assert.deepEqual(exported(truncated), [
      ['fw.app', 'blog'],
      ['http.route', '/api'],
      ['fw.controller', 'blog'],
      ['fw.action', 'show'],
    ]);
  });

  it('shows every attribute, blocks’ included, through `attributes`, and takes none once not recording', () => {
    const leanSpan = span().setEncodedAttributes(shared()).setAttribute('url.path', '/x');
    assert.deepEqual(leanSpanAttributes(leanSpan), { 'client.address': '127.0.0.1', 'network.peer.port': 50123, 'url.path': '/x' });
    leanSpan.end();
    leanSpan.setEncodedAttributes(route());
    assert.equal(leanSpan.blocks?.length, 1);
  });
});
