import { useState } from 'react';
import { errorMessage } from '@kbe/api-client';
import { countOf, NEXT_LEVEL, type LevelResultsSummary } from '@kbe/contracts';
import { Button, Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, FieldError, toast } from '@kbe/ui';

import { useAdminApi } from '../admin-api';

type Step = 'publish' | 'withdraw';

/** What Publish does, said before it is done. */
function publishConsequences(summary: LevelResultsSummary): string {
  const withResult = summary.categories.reduce((sum, category) => sum + category.candidates, 0);
  const qualified = summary.categories.reduce((sum, category) => sum + category.qualified, 0);
  const next = NEXT_LEVEL[summary.level];
  const moving = next
    ? `The ${countOf(qualified, 'qualified candidate')} move on to the ${next} level.`
    : `${summary.level} is the last level: nobody moves on.`;
  return `The guardian of each of the ${countOf(withResult, 'candidate')} with a result gets an SMS. ${moving} Candidates and parents then see the result on the Downloads page, and the merit list is public.`;
}

/**
 * Publish and Withdraw of a level's results, each after a confirmation that says what happens;
 * a refusal (409) is shown in the dialog as the server words it. Viewers see the buttons disabled.
 */
export function ResultsPublication({ summary, canWrite, onChanged }: { summary: LevelResultsSummary; canWrite: boolean; onChanged: (summary: LevelResultsSummary) => void }) {
  const api = useAdminApi();
  const [step, setStep] = useState<Step | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const canPublish = summary.status === 'imported' || summary.status === 'withdrawn';
  const canWithdraw = summary.status === 'published';

  function open(next: Step) {
    setError(null);
    setStep(next);
  }

  async function confirm() {
    if (!step) return;
    setSending(true);
    setError(null);
    try {
      const answer = step === 'publish' ? await api.publishResults(summary.level) : await api.withdrawResults(summary.level);
      toast({
        title: step === 'publish' ? 'Results Published' : 'Results Withdrawn',
        description: step === 'publish' ? `The ${summary.level} results are published.` : `The ${summary.level} results are no longer shown.`,
      });
      setStep(null);
      onChanged(answer);
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setSending(false);
    }
  }

  const viewerTitle = canWrite ? undefined : 'Viewers cannot publish or withdraw results';
  return (
    <>
      <div className="flex flex-wrap gap-2">
        <Button disabled={!canWrite || !canPublish} title={viewerTitle} onClick={() => open('publish')}>
          Publish the {summary.level} results
        </Button>
        <Button variant="outline" disabled={!canWrite || !canWithdraw} title={viewerTitle} onClick={() => open('withdraw')}>
          Withdraw the {summary.level} results
        </Button>
      </div>
      <Dialog open={step !== null} onOpenChange={(isOpen) => (isOpen ? undefined : setStep(null))}>
        {step ? (
          <DialogContent role="alertdialog">
            <DialogHeader>
              <DialogTitle>{step === 'publish' ? `Publish the ${summary.level} results?` : `Withdraw the ${summary.level} results?`}</DialogTitle>
              <DialogDescription>
                {step === 'publish'
                  ? publishConsequences(summary)
                  : 'Candidates and parents no longer see the result and the merit list is taken down; the SMS already sent are not recalled. Once certificates of the level are released, the results cannot be withdrawn.'}
              </DialogDescription>
            </DialogHeader>
            <FieldError message={error} />
            <div className="flex flex-wrap gap-2">
              <Button variant={step === 'publish' ? 'default' : 'destructive'} disabled={sending} onClick={() => void confirm()}>
                {sending ? 'Sending...' : step === 'publish' ? 'Publish and send the SMS' : 'Withdraw the results'}
              </Button>
              <Button variant="outline" onClick={() => setStep(null)}>
                Cancel
              </Button>
            </div>
          </DialogContent>
        ) : null}
      </Dialog>
    </>
  );
}
