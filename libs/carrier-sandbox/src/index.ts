export {
  buildCarrierSandbox,
  CarrierSandboxOptions,
  RunningCarrierSandbox,
  SandboxCredentials,
  sandboxCredentials,
  startCarrierSandbox,
} from './sandbox.server';
export { SandboxState } from '@lgw/carriers/shared/sandbox';
