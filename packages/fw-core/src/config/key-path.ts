/** How configuration errors name a place in the file: `fw.server_configuration.port`. */

const PLAIN_KEY = /^[A-Za-z_$][\w$]*$/;

/** The path of `key` inside the object at `parent` (`''` for the top level). */
export function childPath(parent: string, key: string): string {
  if (!PLAIN_KEY.test(key)) return `${parent}[${JSON.stringify(key)}]`;
  return parent === '' ? key : `${parent}.${key}`;
}

/** The path of element `index` of the array at `parent`. */
export function elementPath(parent: string, index: number): string {
  return `${parent}[${index}]`;
}
