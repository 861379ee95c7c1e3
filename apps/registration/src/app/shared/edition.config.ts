import { DEFAULT_EDITION, editionSettingsSchema, type EditionSettings } from '@kbe/contracts';
import { isPlainObject, readRuntimeConfig } from '@kbe/content';

/**
 * The edition of the running deployment: the host page's runtime config
 * (`window.__KBE_CONFIG__.edition`, served by the edge from the deployment's edition settings,
 * the same source the public pages read) merged over the default; an invalid override is ignored.
 */
export function resolveEdition(source: unknown = readRuntimeConfig().edition): EditionSettings {
  if (!isPlainObject(source)) return DEFAULT_EDITION;
  const parsed = editionSettingsSchema.safeParse({ ...DEFAULT_EDITION, ...source });
  if (parsed.success) return parsed.data;
  console.warn('Ignoring invalid edition settings from the host page; using the default edition');
  return DEFAULT_EDITION;
}
