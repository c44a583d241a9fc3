/**
 * The request side of `Idempotency-Key` (IETF httpapi draft "The Idempotency-Key HTTP Header
 * Field") on POST, PUT and DELETE: the header is read into the claim a store's writeOnce takes
 * (store/idempotency.ts), and the store's outcome becomes the answer. Choices where the draft
 * leaves room are in docs/blog-api.md ("Idempotency keys").
 */
import { createHash } from 'node:crypto';
import { json, status, type FwRequest, type FwResponse, type JsonResponse, type JsonSchema } from 'fw-core';
import type { IdempotencyClaim, IdempotentOutcome, KeptAnswer } from '../store/store.ts';

/** The longest key accepted, in characters. */
const MAX_IDEMPOTENCY_KEY_LENGTH = 255;

/** The header a replayed answer carries. */
const REPLAYED_HEADER = 'idempotent-replayed';

/**
 * The writes' Idempotency-Key as a `options.schema.headers` property: it documents the optional header (`fw openapi` lists it
 * as a parameter, so a typed client can send it) and accepts any value, since every header value
 * is a string: fw's check never refuses one, and readIdempotencyClaim stays the one rule, with
 * its own 400 `idempotency_key_invalid` answered after the body's 422 and PUT's 404 (a
 * `maxLength` or `pattern` here would answer a bad key through the routes' onInvalid instead).
 */
export const IDEMPOTENCY_KEY_HEADER: Readonly<Record<string, JsonSchema>> = {
  'idempotency-key': {
    type: 'string',
    description: `Optional: makes a retried write happen once (IETF httpapi draft "The Idempotency-Key HTTP Header Field"). 1 to ${MAX_IDEMPOTENCY_KEY_LENGTH} visible ASCII characters, no comma, not starting with a double quote (a UUID), or an RFC 8941 string ("..."); anything else is 400 idempotency_key_invalid.`,
  },
};

/** The writes' headers schema: the key alone (PUT and DELETE add their preconditions' headers, router.ts). */
export const IDEMPOTENCY_KEY_HEADERS_SCHEMA: JsonSchema = { type: 'object', properties: IDEMPOTENCY_KEY_HEADER };

/** An answer before it is sent: kept as it is for a key, so a replay is the same bytes. */
export interface WriteAnswer {
  readonly status: number;
  /** A JSON value, or undefined for no body (204). */
  readonly body?: unknown;
  readonly headers?: Readonly<Record<string, string>>;
}

/** The request's claim, undefined without the header, or the 400 for a key that is not one. */
export function readIdempotencyClaim(
  req: FwRequest,
):
  | { readonly ok: true; readonly claim: IdempotencyClaim | undefined }
  | { readonly ok: false; readonly response: JsonResponse } {
  const raw = req.headers['idempotency-key'];
  if (raw === undefined) return NO_CLAIM;
  // Node joins a repeated unknown header with ", ", which no bare key may hold: a repeat is a 400.
  const key = typeof raw === 'string' ? parseKey(raw) : undefined;
  if (key === undefined) {
    return {
      ok: false,
      response: json(
        {
          error: `Idempotency-Key must be 1 to ${MAX_IDEMPOTENCY_KEY_LENGTH} visible ASCII characters, or such a quoted string`,
          code: 'idempotency_key_invalid',
        },
        400,
      ),
    };
  }
  const authorization = req.headers.authorization;
  // The credential's digest, never the credential: the same key from another client is another key. A bearer
  // credential is digested as `Bearer <token>` however its scheme is spelt (case-insensitive, then any spaces, as
  // requireApiToken reads it): one client, one scope, and the spelling almost every client sends keeps its digest.
  const credential = authorization === undefined ? 'anonymous' : digest(authorization.replace(/^bearer +/i, 'Bearer '));
  const scope = `${req.method} ${req.route.template} ${credential}`;
  // The target is in the fingerprint: the same key on another post is a mismatch, not a new write. It is the target
  // fw routed (the template with its decoded bindings), not the raw path: `/api/%70osts/%31` is `/api/posts/1`
  // (RFC 3986 §6.2.2.2), and a canonical path gives the same text as before, so keys kept earlier still replay.
  const target = req.route.template.replace(/:(\w+)/g, (_, name: string) => req.bindings[name] ?? '');
  const fingerprint = digest(`${req.method} ${target}\n${JSON.stringify(req.body ?? null)}`);
  return { ok: true, claim: { key, scope, fingerprint } };
}

const NO_CLAIM = { ok: true, claim: undefined } as const;

// RFC 8941 sf-string (the draft's form), or a bare key of visible ASCII as most clients send.
// A value opening with a quote is read as an sf-string only, so `"abc` is refused, not a key.
// A bare key holds no comma, HTTP's list separator: two key lines an intermediary joined with
// "," (RFC 9110 §5.3) are a 400, as Node's own ", " join is, never one new key.
const QUOTED = /^"((?:[\x20\x21\x23-\x5b\x5d-\x7e]|\\["\\])*)"$/;
const BARE = /^[\x21\x23-\x2b\x2d-\x7e][\x21-\x2b\x2d-\x7e]*$/;

function parseKey(raw: string): string | undefined {
  const quoted = QUOTED.exec(raw);
  const key = quoted === null ? (BARE.test(raw) ? raw : undefined) : quoted[1]!.replace(/\\(["\\])/g, '$1');
  return key === undefined || key.length === 0 || key.length > MAX_IDEMPOTENCY_KEY_LENGTH ? undefined : key;
}

function digest(text: string): string {
  return createHash('sha256').update(text).digest('base64url');
}

/** The answer as kept with its key. */
export function keptAnswerOf(answer: WriteAnswer): KeptAnswer {
  return {
    status: answer.status,
    body: answer.body === undefined ? '' : JSON.stringify(answer.body),
    headers: answer.headers ?? {},
  };
}

/** The response of an answer. */
export function respond(answer: WriteAnswer): FwResponse {
  if (answer.body === undefined) return status(answer.status, answer.headers);
  return json(answer.body, answer.status, answer.headers);
}

/** The response of a writeOnce outcome: the answer, the kept one replayed, 422 or 409. */
export function respondOnce<T>(outcome: IdempotentOutcome<T>, answerOf: (result: T) => WriteAnswer): FwResponse {
  switch (outcome.kind) {
    case 'ran':
      return respond(answerOf(outcome.result));
    case 'replay': {
      const { answer } = outcome;
      const headers = { ...answer.headers, [REPLAYED_HEADER]: 'true' };
      return respond({
        status: answer.status,
        headers,
        ...(answer.body !== '' && { body: JSON.parse(answer.body) as unknown }),
      });
    }
    case 'mismatch':
      return json({ error: 'this Idempotency-Key was used with another request', code: 'idempotency_key_reused' }, 422);
    case 'in_progress':
      // Retrying later with the same key is safe: that is what the key is for.
      return json(
        { error: 'a request with this Idempotency-Key is still running', code: 'idempotency_key_in_use' },
        409,
        { 'retry-after': '1' },
      );
  }
}
