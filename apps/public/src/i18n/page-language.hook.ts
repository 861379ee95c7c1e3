import { useLocalized, useMessages, type Translate } from '@kbe/ui';
import type { Localized } from '@kbe/i18n';
import { PUBLIC_MESSAGES, type PublicMessageKey } from './public.messages';

/** Content (@kbe/content's LOCALIZED_*) in the page's language (suspends until it is in). */
export function usePageContent<T>(localized: Localized<T>): T {
  return useLocalized(localized);
}

/** The remote's messages in the page's language (suspends until a Marathi or Hindi catalogue is in). */
export function usePublicMessages(): Translate<PublicMessageKey> {
  return useMessages(PUBLIC_MESSAGES);
}
