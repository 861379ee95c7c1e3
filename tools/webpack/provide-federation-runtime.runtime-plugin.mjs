// Federation runtime plugin of the shell: hands its federation runtime (runtime-core) to the
// remotes, whose production builds leave theirs out (withSharedFederationRuntime in
// federation.options.ts: `_FEDERATION_RUNTIME_CORE`, what `experiments.externalRuntime` reads).
// It does what @module-federation/inject-external-runtime-core-plugin does (the plugin behind
// `experiments.provideExternalRuntime`), but imports runtime-core as an ES module, the copy the
// shell already bundles: that option's plugin is taken in its CommonJS build and brought a second
// copy of the runtime (bytes: docs/benchmarks/2026-11-23-web-performance.md).
import * as runtimeCore from '@module-federation/runtime-core';

export default function provideFederationRuntime() {
  return {
    name: 'kbe-provide-federation-runtime',
    beforeInit(args) {
      const global = runtimeCore.Global;
      if (global && typeof global === 'object' && !global._FEDERATION_RUNTIME_CORE) global._FEDERATION_RUNTIME_CORE = runtimeCore;
      return args;
    },
  };
}
