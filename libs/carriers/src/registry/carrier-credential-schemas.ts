import type { CarrierCredentialSchemasPort } from '@lgw/carrier-access';
import { CarrierDefinition, connectionSchemaOf } from '../shared/carrier-definition';
import { carrierEnvName } from '../shared/carrier-settings';
import { Env, envText } from '../shared/env';
import { CARRIERS } from './carriers.registry';

/**
 * Each registered carrier's declared credentials schema (its definition's `connection`), and the
 * credentials the environment held for it before connections (<CODE>_<SETTING>, else the values
 * the local sandbox accepts): the seed of its platform connection.
 */
export function carrierCredentialSchemas(env: Env = {}, carriers: readonly CarrierDefinition[] = CARRIERS): CarrierCredentialSchemasPort {
  const byCode = new Map(carriers.map((carrier) => [carrier.descriptor.code, carrier]));
  return {
    schema: (code) => {
      const carrier = byCode.get(code);
      return carrier ? connectionSchemaOf(carrier) : undefined;
    },
    environmentCredentials: (code) => {
      const carrier = byCode.get(code);
      if (!carrier) return {};
      return Object.fromEntries(
        Object.entries(carrier.settings.credentials).map(([name, sandbox]) => [name, envText(env, carrierEnvName(code, name)) ?? sandbox]),
      );
    },
    codes: () => [...byCode.keys()],
  };
}
