/**
 * fw's default answer to a request that fails its route schema:
 * `400 {"error": "invalid <part>", "details": [issues], "omitted": n, "incomplete": true}`.
 * The issues listed are capped in count and in bytes, so a hostile body cannot turn one request
 * into a megabytes-long answer (issue 35, item 14: a 1 MiB array gave a 24 MB 400).
 */
import { json, type FwResponse } from '../http/response.ts';
import type { SchemaFailure, SchemaIssue } from './route-schema.ts';

/** At most this many issues are listed in `details`. */
const MAX_LISTED_ISSUES = 10;

/** The listed issues' JSON stays within this many bytes (a path or a params value may echo client input). */
const MAX_LISTED_ISSUE_BYTES = 8 * 1024;

/**
 * fw's 400 for `failure`. `details`: the first issues, in order, while they fit both caps;
 * `omitted` (only when some were left out): how many of the issues found are not listed;
 * `incomplete` (only when true): checking stopped before finding every issue.
 */
export function defaultAnswer(failure: SchemaFailure): FwResponse {
  const details = listedIssues(failure.errors);
  const omitted = failure.errors.length - details.length;
  return json(
    {
      error: `invalid ${failure.part}`,
      details,
      ...(omitted > 0 && { omitted }),
      ...(failure.incomplete === true && { incomplete: true }),
    },
    400,
  );
}

/** The leading issues that fit MAX_LISTED_ISSUES and MAX_LISTED_ISSUE_BYTES (array commas counted). */
function listedIssues(issues: readonly SchemaIssue[]): SchemaIssue[] {
  const listed: SchemaIssue[] = [];
  let bytes = 0;
  for (const issue of issues) {
    if (listed.length === MAX_LISTED_ISSUES) break;
    bytes += Buffer.byteLength(JSON.stringify(issue)) + (listed.length > 0 ? 1 : 0);
    if (bytes > MAX_LISTED_ISSUE_BYTES) break;
    listed.push(issue);
  }
  return listed;
}
