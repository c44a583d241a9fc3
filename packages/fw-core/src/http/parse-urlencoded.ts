/**
 * Decoding an `application/x-www-form-urlencoded` body (WHATWG URL §5.1, via URLSearchParams)
 * into a plain map. The map has a null prototype, so `__proto__` or `constructor` as a field
 * name is just data and cannot reach Object.prototype.
 */

/** Form fields by name; a repeated name collects its values in order. */
export type FormFields = Record<string, string | string[]>;

/** Parses a urlencoded body into a null-prototype map (`a=1&a=2&b=3` → `{a: ['1', '2'], b: '3'}`). */
export function parseUrlencoded(text: string): FormFields {
  const fields: FormFields = Object.create(null) as FormFields;
  for (const [name, value] of new URLSearchParams(text)) {
    const seen = fields[name];
    if (seen === undefined) fields[name] = value;
    else if (typeof seen === 'string') fields[name] = [seen, value];
    else seen.push(value);
  }
  return fields;
}
