/**
 * The built-in content-type table: the web's usual types, charset on text types, octet-stream
 * for everything else.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { contentTypeFor } from '../src/http/write-response.ts';

describe('static files: built-in content types', () => {
  const expected: Readonly<Record<string, string>> = {
    'a.html': 'text/html; charset=utf-8',
    'a.css': 'text/css; charset=utf-8',
    'a.js': 'text/javascript; charset=utf-8',
    'a.mjs': 'text/javascript; charset=utf-8',
    'a.json': 'application/json; charset=utf-8',
    'a.js.map': 'application/json; charset=utf-8',
    'a.svg': 'image/svg+xml; charset=utf-8',
    'a.png': 'image/png',
    'a.jpg': 'image/jpeg',
    'a.jpeg': 'image/jpeg',
    'a.gif': 'image/gif',
    'a.webp': 'image/webp',
    'favicon.ico': 'image/x-icon',
    'a.txt': 'text/plain; charset=utf-8',
    'a.xml': 'application/xml; charset=utf-8',
    'a.pdf': 'application/pdf',
    'a.wasm': 'application/wasm',
    'a.woff': 'font/woff',
    'a.woff2': 'font/woff2',
    'a.ttf': 'font/ttf',
    'a.otf': 'font/otf',
    'a.mp4': 'video/mp4',
    'a.webm': 'video/webm',
    'a.mp3': 'audio/mpeg',
  };

  it('maps each usual web extension to its type', () => {
    for (const [name, type] of Object.entries(expected)) assert.equal(contentTypeFor(name), type, name);
  });

  it('ignores the case of the extension', () => {
    assert.equal(contentTypeFor('/x/LOGO.PNG'), 'image/png');
  });

  it('answers application/octet-stream for unknown, missing and prototype-named extensions', () => {
    for (const name of ['a.unknown', 'Makefile', '.bashrc', 'a.constructor', 'a.__proto__', 'a.']) {
      assert.equal(contentTypeFor(name), 'application/octet-stream', name);
    }
  });
});
