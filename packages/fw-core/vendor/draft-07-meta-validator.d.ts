/** draft-07-meta-validator.js (scripts/vendor-meta-validator.ts): ajv's standalone check, its issues in `errors` after a failure. */
declare const validate: {
  (schema: unknown): boolean;
  errors?: readonly { instancePath: string; keyword: string; message?: string; params: Record<string, unknown> }[] | null;
};
export default validate;
