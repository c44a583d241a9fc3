/**
 * blog_posts_controller: the five post actions of the spec's endpoint table, and the answers to
 * requests that fail their route schemas (router.ts), in the spec's shapes. Choices where the
 * spec is silent are in docs/blog-api.md (id rule, paging, PUT order of checks).
 */
import {
  defineController,
  json,
  jsonStream,
  mountPath,
  type FwRequest,
  type FwResponse,
  type InvalidRequestHook,
  type JsonResponse,
  type SchemaIssue,
} from 'fw-core';
import type { BlogContext } from '../blog-context.ts';
import { readIdempotencyClaim, respond, respondOnce, keptAnswerOf, type WriteAnswer } from '../http/idempotency-key.ts';
import { preconditionFailed, preconditionFails } from '../http/preconditions.ts';
import { objectBody } from '../http/request-body.ts';
import { answerStoreUnavailable } from '../http/store-unavailable.ts';
import { MAX_PAGE_TEXT_BYTES, takePage } from '../posts/list-page.ts';
import { listQueryError, nextLink, readListQuery } from '../posts/list-query.ts';
import type { PostPayloads, Validated } from '../posts/post-payloads.ts';
import { parsePostId } from '../posts/post-id.ts';
import { toPostJson } from '../posts/post-json.ts';
import type { PostWrite, PostWriteResult } from '../store/store.ts';

const notFound = (): JsonResponse => json({ error: 'post not found' }, 404);

/** The controller, its actions reading the store from `context` and payloads from `payloads`. */
export function createPostsController(context: BlogContext, payloads: PostPayloads) {
  const guard = (fn: (req: FwRequest) => Promise<FwResponse>) => answerStoreUnavailable(() => context.logger, fn);
  return defineController('blog_posts_controller', {
    index: guard((req) => index(context, req)),
    show: guard((req) => show(context, req)),
    create: guard((req) => create(context, payloads, req)),
    update: guard((req) => update(context, payloads, req)),
    delete: guard((req) => remove(context, req)),
  });
}

/** The onInvalid hooks of the post routes: the spec's 400, 404 and 422 answers. */
export function createPostsInvalidHooks(context: BlogContext, payloads: PostPayloads) {
  return {
    /** GET /api/posts: 400 naming the parameter. */
    list: ((failure, req) =>
      json({ error: listQueryError(req.query, failure.errors) }, 400)) satisfies InvalidRequestHook,
    /** An :id the params schema refuses names no post. */
    byId: (() => notFound()) satisfies InvalidRequestHook,
    /** POST /api/posts: 422. */
    create: ((failure, req) => invalidBody(req, payloads, failure.errors)) satisfies InvalidRequestHook,
    /** PUT /api/posts/:id: 404 for a bad or missing id, else 422. */
    update: ((failure, req) => {
      if (failure.part === 'params') return notFound();
      // A missing post is 404 whatever the body (docs/blog-api.md), so look before answering 422.
      const answer = answerStoreUnavailable(
        () => context.logger,
        async () => {
          const id = parsePostId(req.bindings.id);
          return id === undefined || (await context.store.get(id, req)) === undefined
            ? notFound()
            : invalidBody(req, payloads, failure.errors);
        },
      );
      return answer(req);
    }) satisfies InvalidRequestHook,
  };
}

/** The 422 of a body that failed its schema: no object, or the messages per field. */
function invalidBody(req: FwRequest, payloads: PostPayloads, issues: readonly SchemaIssue[]): JsonResponse {
  const body = objectBody(req);
  if (!body.ok) return body.response;
  return json({ errors: payloads.fieldErrors(issues, body.value) }, 422);
}

/**
 * GET /api/posts: newest first, one page (list-page.ts: a count and a byte budget), streamed
 * post by post; a `Link: rel="next"` when more follow.
 */
async function index(context: BlogContext, req: FwRequest): Promise<FwResponse> {
  const parsed = readListQuery(req.queryParams ?? {});
  if (!parsed.ok) return json({ error: parsed.error }, 400);
  const params = parsed.value;
  // One row more than the page tells whether a next page exists without a count query. The store
  // stops at the same byte budget (plus that one row), so it never reads posts the page drops;
  // takePage still decides the page.
  const query = {
    limit: params.limit + 1,
    maxTextBytes: MAX_PAGE_TEXT_BYTES,
    ...(params.status && { status: params.status }),
    ...(params.after && { after: params.after }),
  };
  const rows = await context.store.list(query, req);
  const page = takePage(rows, params.limit);
  const last = page.at(-1);
  const headers =
    page.length < rows.length && last !== undefined
      ? {
          link: nextLink(`${mountPath(req)}${req.route.template}`, params, {
            inserted_at: last.inserted_at?.getTime() ?? null,
            id: last.id,
          }),
        }
      : undefined;
  return jsonStream(page.map(toPostJson), { key: 'posts', ...(headers && { headers }) });
}

/** GET /api/posts/:id. */
async function show(context: BlogContext, req: FwRequest): Promise<FwResponse> {
  const id = parsePostId(req.bindings.id);
  const post = id === undefined ? undefined : await context.store.get(id, req);
  return post === undefined ? notFound() : json(toPostJson(post));
}

/**
 * Runs `write`, once per Idempotency-Key when the request carries one (http/idempotency-key.ts):
 * the answer `answerOf` gives is kept with the key in the write's transaction.
 */
async function runWrite<W extends PostWrite>(
  context: BlogContext,
  req: FwRequest,
  write: W,
  answerOf: (result: PostWriteResult<W>) => WriteAnswer,
): Promise<FwResponse> {
  const read = readIdempotencyClaim(req);
  if (!read.ok) return read.response;
  // Evaluated just before the write (RFC 9110 §13.2.1), on the post as it is: with no entity tag to compare, a false
  // precondition is false whatever the post holds, so no lock is needed. A missing post ignores them: the write's 404.
  if (write.kind !== 'create' && preconditionFails(req) && (await context.store.get(write.id, req)) !== undefined)
    return preconditionFailed();
  // The request goes with the write: one whose client has gone before it committed is stopped (store.ts, ReadFor).
  const response = await stoppedIfGone(context, req, write, async () =>
    read.claim === undefined
      ? respond(answerOf((await writeWithout(context, write, req)) as PostWriteResult<W>))
      : respondOnce(
          await context.store.writeOnce(read.claim, write, (result) => keptAnswerOf(answerOf(result)), req),
          answerOf,
        ),
  );
  // The request line of a client that left says only `aborted`: what its write did is said here, once its response has
  // closed without its answer whole (the request line's `status` 0). The client may have gone before the write ended,
  // or after it: its close seen a moment later (its FIN read, the connection ending, the response not yet closed), or
  // the answer written to a connection it no longer read.
  const { res } = req;
  const logIfUnanswered = (): void => {
    if (!res.writableFinished)
      context.logger.info(
        { event: 'write_done_client_gone', request_id: req.id, status: response.status },
        'a write finished after its client had gone',
      );
  };
  if (res.closed) logIfUnanswered();
  else res.once('close', logIfUnanswered);
  return response;
}

/** Runs `running`; a write the store stopped because its client had gone (its signal's reason) stored nothing: said here, for every store. */
async function stoppedIfGone(
  context: BlogContext,
  req: FwRequest,
  write: PostWrite,
  running: () => Promise<FwResponse>,
): Promise<FwResponse> {
  try {
    return await running();
  } catch (error) {
    if (error === req.signal.reason)
      context.logger.info(
        { event: 'write_cancelled_client_gone', request_id: req.id, operation: write.kind },
        'a write was cancelled: its client had gone, nothing of it is stored',
      );
    throw error;
  }
}

function writeWithout(context: BlogContext, write: PostWrite, req: FwRequest): Promise<unknown> {
  if (write.kind === 'create') return context.store.create(write.input, req);
  if (write.kind === 'update') return context.store.update(write.id, write.changes, req);
  return context.store.delete(write.id, req);
}

const NOT_FOUND: WriteAnswer = { status: 404, body: { error: 'post not found' } };

/** POST /api/posts: 201 with the post and its location. The body passed the route's schema. */
async function create(context: BlogContext, payloads: PostPayloads, req: FwRequest): Promise<FwResponse> {
  const checked = checkPayload(req, payloads.create);
  if (!checked.ok) return checked.response;
  return runWrite(context, req, { kind: 'create', input: checked.value }, (post) => ({
    status: 201,
    body: toPostJson(post),
    headers: { location: `${req.route.template}/${post.id}` },
  }));
}

/**
 * PUT /api/posts/:id: a partial change. A missing post is 404 whatever the body: a bad body is
 * answered 422 only once the post is known to exist, so the happy path costs one store call.
 */
async function update(context: BlogContext, payloads: PostPayloads, req: FwRequest): Promise<FwResponse> {
  const id = parsePostId(req.bindings.id);
  if (id === undefined) return notFound();
  const checked = checkPayload(req, payloads.update);
  if (!checked.ok) return (await context.store.get(id, req)) === undefined ? notFound() : checked.response;
  return runWrite(context, req, { kind: 'update', id, changes: checked.value }, (updated) =>
    updated.found ? { status: 200, body: toPostJson(updated.post) } : NOT_FOUND,
  );
}

/** The fields of a body that passed its schema, or the 422 for text no store can keep. */
function checkPayload<T>(
  req: FwRequest,
  read: (payload: Readonly<Record<string, unknown>>) => Validated<T>,
): { readonly ok: true; readonly value: T } | { readonly ok: false; readonly response: JsonResponse } {
  const body = objectBody(req);
  if (!body.ok) return body;
  const result = read(body.value);
  return result.ok ? result : { ok: false, response: json({ errors: result.errors }, 422) };
}

/** DELETE /api/posts/:id: 204 with no body. */
async function remove(context: BlogContext, req: FwRequest): Promise<FwResponse> {
  const id = parsePostId(req.bindings.id);
  if (id === undefined) return notFound();
  return runWrite(context, req, { kind: 'delete', id }, (deleted) => (deleted ? { status: 204 } : NOT_FOUND));
}
