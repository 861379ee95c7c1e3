/**
 * The pages' Content-Security-Policy forbids eval (docs/security-headers.md). zod, which the remotes'
 * forms use, probes `new Function` before compiling a validator; the probe is caught, but the
 * browser still reports it as a violation. Every copy of zod on the page reads its settings from
 * `globalThis.__zod_globalConfig` (what `z.config()` writes), so the shell sets `jitless` there
 * before any remote loads, without bundling zod into the shell's first load.
 */
export function disableZodEvalProbe(target: typeof globalThis = globalThis): void {
  const holder = target as typeof globalThis & { __zod_globalConfig?: Record<string, unknown> };
  holder.__zod_globalConfig = { ...holder.__zod_globalConfig, jitless: true };
}
