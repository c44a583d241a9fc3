/** The `fw` section of fw.config.json as written: any subset of the keys, not yet merged or defaulted. */
import type { FwConfig, ServerConfiguration } from './config.ts';

/** A checked `fw` section from the base or from one environment overlay. */
export type FwSection = Partial<Omit<FwConfig, 'server_configuration'>> & {
  readonly server_configuration?: Partial<ServerConfiguration>;
};
