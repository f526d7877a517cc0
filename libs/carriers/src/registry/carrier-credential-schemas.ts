import type { CarrierCredentialSchemasPort } from '@lgw/carrier-access';
import { CarrierDefinition, connectionSchemaOf } from '../shared/carrier-definition';
import { carrierEnvName } from '../shared/carrier-settings';
import { Env, envText } from '../shared/env';
import { CARRIERS } from './carriers.registry';

/**
 * Each registered carrier's declared credentials schema (its definition's `connection`), and the
 * credentials the environment held for it before connections (<CODE>_<SETTING>, else the values
 * the local sandbox accepts): the seed of its platform connection. A carrier offered with a
 * connection only has none to seed (empty) unless the environment gives all its credentials.
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
      const given = Object.entries(carrier.settings.credentials).map(([name, sandbox]) => [
        name,
        envText(env, carrierEnvName(code, name)),
        sandbox,
      ]);
      // A real carrier is offered on the platform's account only when the deployment gives that account (DESIGN §7):
      // never on the sandbox's values, so a fresh start lists the built-in carriers alone.
      if (carrier.offeredWithConnectionOnly)
        return given.every(([, value]) => value) ? Object.fromEntries(given.map(([name, value]) => [name, value])) : {};
      return Object.fromEntries(given.map(([name, value, sandbox]) => [name, value ?? sandbox]));
    },
    codes: () => [...byCode.keys()],
  };
}
