import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

export type RemoteFailureReporter = (message: string) => void;

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Federation runtime plugin: every failed remote load is reported in one place (one line,
 * which remote and at which step) instead of by try/catch around each page. It offers no
 * replacement module, so the failure reaches the RemoteBoundary, which shows its fallback
 * and a retry.
 */
export function remoteFailurePlugin(
  report: RemoteFailureReporter = (message) => console.warn(message),
): ModuleFederationRuntimePlugin {
  return {
    name: 'kbe-remote-failure',
    errorLoadRemote({ id, error, lifecycle }) {
      report(`[shell] remote module ${id} failed to load (${lifecycle}): ${describe(error)}`);
      return undefined;
    },
  };
}
