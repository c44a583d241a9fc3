/**
 * fw-cli's one error registry. Every failure the CLI reports itself is a `CliError` with a stable
 * code from this table; fw-core's own `FwError`s pass through unchanged. Both print as
 * `fw: <code>: <message>`. docs/cli.md lists the same codes; test/cli-error-codes.test.ts keeps
 * them in step.
 */

/** Every fw-cli error code and what it means. */
export const cliErrorCodes = {
  FW_CLI_ERR_USAGE: 'The command line names an unknown command or flag, or a flag has a bad value',
  FW_CLI_ERR_APP_DIR_MISSING: 'The app directory given with --app does not exist or is not a directory',
  FW_CLI_ERR_OUTPUT:
    'A file fw writes (--output, --types) names a directory or no regular file, sits below a file, or cannot be written; nothing was written',
  FW_CLI_ERR_SCHEMA_UNREADABLE: 'A priv/schemas/*.json file cannot be read',
  FW_CLI_ERR_SCHEMA_BAD_JSON: 'A priv/schemas/*.json file is not valid JSON or not a JSON object',
  FW_CLI_ERR_SCHEMA_UNSUPPORTED: 'A JSON schema uses a keyword or $ref that OpenAPI 3.0 cannot express',
  FW_CLI_ERR_SCHEMA_NAME_CLASH:
    'A priv/schemas file or a named schema takes a name fw reserves for its error schemas, or a named schema the name of a different priv/schemas file',
  FW_CLI_ERR_SCHEMA_BAD_NAME:
    "A priv/schemas file or one of its definitions has a name OpenAPI does not allow for a component (letters, digits, '.', '_', '-')",
  FW_CLI_ERR_OPENAPI_UNKNOWN_SCHEMA: 'A route extra names a schema that priv/schemas does not have',
  FW_CLI_ERR_OPENAPI_BAD_EXTRA: 'A route extra field used by the OpenAPI generator has a wrong value',
  FW_CLI_ERR_OPENAPI_BAD_DETAILS: "A route's options.openapi has an unknown key or a field with a wrong value",
  FW_CLI_ERR_OPENAPI_DUPLICATE_OPERATION_ID:
    'An operationId a route declares is the operationId of another operation too',
  FW_CLI_ERR_OPENAPI_SCHEME_CLASH: 'Two route groups declare different security schemes under one name',
  FW_CLI_ERR_OPENAPI_BAD_SCHEME_NAME:
    "A security callback's securityScheme has a name OpenAPI does not allow for a component (letters, digits, '.', '_', '-')",
  FW_CLI_ERR_OPENAPI_STANDARD_SCHEMA:
    'A route schema part is a Standard Schema (zod, valibot...) that gives no JSON Schema to describe it',
  FW_CLI_ERR_OPENAPI_BAD_ERROR_SCHEMA:
    "An app's or route group's errorSchema is not a JSON schema (an object or a boolean)",
  FW_CLI_ERR_OPENAPI_INVALID: 'The generated document fails OpenAPI 3.0 validation; nothing was written',
  FW_CLI_ERR_SWAGGER_UI_BAD_OPTIONS:
    'swaggerUi (fw-cli/swagger-ui) was given a context, prefix, title or version it cannot use',
  FW_CLI_ERR_RELEASE_BAD_PACKAGE: "The app's package.json or tsconfig.json cannot be used for a release",
  FW_CLI_ERR_RELEASE_BUILD_FAILED: "The app's build script failed",
  FW_CLI_ERR_RELEASE_MISSING_DEPENDENCY: 'A production dependency cannot be resolved from the app directory',
  FW_CLI_ERR_RELEASE_PACK_FAILED: 'npm pack could not list the files of a workspace package',
  FW_CLI_ERR_RELEASE_UNBUILT_PACKAGE:
    'A workspace package lacks an entry point its package.json names, and its build script is missing or does not make it',
} as const satisfies Record<string, string>;

/** A code from the registry. */
export type CliErrorCode = keyof typeof cliErrorCodes;

/** An error the CLI reports as `fw: <code>: <message>`. */
export class CliError extends Error {
  readonly code: CliErrorCode;
  /** A tool's own output (a failed build's), printed as it is below the error's line. */
  readonly output: string | undefined;

  constructor(code: CliErrorCode, message: string, options?: { readonly cause?: unknown; readonly output?: string }) {
    super(message, options);
    this.name = 'CliError';
    this.code = code;
    this.output = options?.output;
  }
}
