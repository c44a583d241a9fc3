/**
 * Type and value checks shared by every configuration validator. Each returns the value,
 * narrowed, or throws FW_ERR_CONFIG_BAD_VALUE naming the key, what it expects and what it found.
 */
import { badValue, unknownKey } from './config-errors.ts';
import { isJsonObject } from './json-value.ts';

/** The longest delay Node's timers accept; longer ones silently become 1 ms. */
export const MAX_TIMER_MS = 2_147_483_647;

/** The highest TCP port. */
export const MAX_PORT = 65_535;

/** A JSON object (not null, not an array). */
export function expectObject(value: unknown, key: string): Record<string, unknown> {
  if (!isJsonObject(value)) throw badValue(key, 'an object', value);
  return value;
}

/** A string with at least one character. */
export function expectNonEmptyString(value: unknown, key: string): string {
  if (typeof value !== 'string' || value === '') throw badValue(key, 'a non-empty string', value);
  return value;
}

/** `true` or `false`. */
export function expectBoolean(value: unknown, key: string): boolean {
  if (typeof value !== 'boolean') throw badValue(key, 'a boolean (true or false)', value);
  return value;
}

/** An integer from `min` to `max`, both included. */
export function expectInteger(value: unknown, key: string, min: number, max: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw badValue(key, `an integer from ${min} to ${max}`, value);
  }
  return value;
}

/** One of `allowed`, compared exactly. */
export function expectOneOf<T extends string>(value: unknown, key: string, allowed: readonly T[]): T {
  if (!allowed.includes(value as T)) {
    const choices = allowed.map((choice) => JSON.stringify(choice)).join(', ');
    throw badValue(key, allowed.length === 1 ? choices : `one of ${choices}`, value);
  }
  return value as T;
}

/** Throws FW_ERR_CONFIG_UNKNOWN_KEY for the first key of `object` not in `known`. */
export function rejectUnknownKeys(object: Record<string, unknown>, key: string, known: readonly string[]): void {
  for (const name of Object.keys(object)) {
    if (!known.includes(name)) throw unknownKey(key, name, known);
  }
}
