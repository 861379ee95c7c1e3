/**
 * Runtime overrides: a deployment may define `window.__KBE_CONFIG__` (e.g. in a small
 * config.js served before the bundles) to change the edition settings or the contact details
 * without rebuilding. Only plain values are read; anything else is ignored.
 */
export interface KbeRuntimeConfig {
  edition?: Record<string, unknown>;
  contact?: Record<string, unknown>;
  /** 'development' when the deployment is a development one (tools/edge/runtime-config.mjs). */
  deployment?: unknown;
}

type WithConfig = typeof globalThis & { __KBE_CONFIG__?: unknown };

export function readRuntimeConfig(): KbeRuntimeConfig {
  const raw = (globalThis as WithConfig).__KBE_CONFIG__;
  return isPlainObject(raw) ? (raw as KbeRuntimeConfig) : {};
}

/**
 * Whether the deployment says it is a development one (the development profile of `npm start`).
 * Only what the page was served decides: every build is a production build, and a production
 * deployment never says so. The server does not trust it either (admin-service, DECISIONS).
 */
export function isDevelopmentDeployment(): boolean {
  return readRuntimeConfig().deployment === 'development';
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Merges `override` into `base`, recursing into nested objects; keys unknown to base are dropped. */
export function mergeKnown<T extends object>(base: T, override: unknown): T {
  if (!isPlainObject(override)) return base;
  const result: Record<string, unknown> = { ...(base as Record<string, unknown>) };
  for (const [key, baseValue] of Object.entries(base as Record<string, unknown>)) {
    if (!(key in override)) continue;
    const next = override[key];
    if (isPlainObject(baseValue)) {
      result[key] = mergeKnown(baseValue, next);
    } else if (Array.isArray(baseValue)) {
      if (Array.isArray(next)) result[key] = next;
    } else if (typeof next === typeof baseValue) {
      result[key] = next;
    }
  }
  return result as T;
}
