/**
 * The one application section a file may hold: the section named by `fw.bootstrap_application`.
 * Any other top-level or overlay key besides `fw` and `environments` is refused, because a
 * misspelt section (`"blgo"` under `environments.prod`) would otherwise be accepted and ignored,
 * and the app would run on its defaults (the blog on its memory store) in production.
 */
import { childPath, unknownApplicationSection } from './config-errors.ts';
import type { ConfigLayout, ConfigSections } from './validate-config.ts';

/**
 * Throws FW_ERR_CONFIG_UNKNOWN_KEY for the first application section of the base or of an
 * overlay that is not named by the bootstrap_application in force there. Where no
 * bootstrap_application is set, nothing is checked: loading then stops on the missing key.
 */
export function checkApplicationSections(layout: ConfigLayout): void {
  const baseName = layout.base.fw.bootstrap_application;
  const overlayNames = Object.values(layout.environments).map((overlay) => overlay.fw.bootstrap_application ?? baseName);
  // The base sections feed every environment, so the base may hold the section of any of them.
  const allNames = uniqueNames([baseName, ...overlayNames]);
  checkSections(layout.base, '', allNames, ['fw', 'environments']);
  Object.entries(layout.environments).forEach(([environment, overlay], index) => {
    checkSections(overlay, childPath('environments', environment), uniqueNames([overlayNames[index]]), ['fw']);
  });
}

function checkSections(sections: ConfigSections, parent: string, appNames: readonly string[], fixed: readonly string[]): void {
  if (appNames.length === 0) return;
  for (const name of Object.keys(sections.apps)) {
    if (!appNames.includes(name)) throw unknownApplicationSection(parent, name, appNames, fixed);
  }
}

function uniqueNames(names: readonly (string | undefined)[]): string[] {
  return [...new Set(names.filter((name): name is string => name !== undefined))];
}
