import { DEFAULT_EDITION, editionSettingsSchema, type EditionSettings } from '@kbe/contracts';

declare global {
  // Runtime configuration injected by the host page (shell / edge), so the deadline of the
  // running deployment is shown without a rebuild.
  var __KBE_EDITION__: unknown;
}

/** The edition of the running deployment: the host's runtime config if valid, else the default. */
export function resolveEdition(source: unknown = globalThis.__KBE_EDITION__): EditionSettings {
  if (source === undefined) return DEFAULT_EDITION;
  const parsed = editionSettingsSchema.safeParse(source);
  if (parsed.success) return parsed.data;
  console.warn('Ignoring invalid edition settings from the host page; using the default edition');
  return DEFAULT_EDITION;
}
