import type { PortalCandidateRow } from '@kbe/contracts/zod-free';

import { usePortalScreensMessages } from '../i18n/portal-screens.catalogue';

/** A pupil's "Ask for a correction" in the overview (its row, its card): opens the Corrections section for that pupil. */
export function CorrectButton({ pupil, onCorrect }: { pupil: PortalCandidateRow; onCorrect(pupil: PortalCandidateRow): void }) {
  const t = usePortalScreensMessages();
  return (
    <button
      type="button"
      aria-label={t('corrections.askFor', { name: pupil.name })}
      className="mt-1 block text-left text-sm font-semibold text-indigo-800 underline underline-offset-2 hover:text-indigo-950 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-700"
      onClick={() => onCorrect(pupil)}
    >
      {t('corrections.ask')}
    </button>
  );
}
