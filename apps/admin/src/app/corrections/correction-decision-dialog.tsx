import { useState } from 'react';
import { errorMessage, HttpError } from '@kbe/api-client';
import {
  CORRECTION_REASON_MAX,
  correctionApprovalSchema,
  correctionRejectionSchema,
  validateWith,
  type CorrectionValue,
  type CorrectionView,
} from '@kbe/contracts';
import { Alert, AlertDescription, AlertTitle, Button, DialogContent, DialogDescription, DialogHeader, DialogTitle, FieldError, Label, Textarea } from '@kbe/ui';

import { dayAndTimeOf } from '../privacy/privacy-format';
import { CORRECTION_STATUS_LABELS, requesterOf } from './corrections-format';

export type CorrectionDecision = 'approve' | 'reject';

/** A value as the side-by-side table shows it: yes/no for a flag, "(none)" where the record has nothing. */
export function shownValue(value: CorrectionValue): string {
  if (value === null || value === '') return '(none)';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return value;
}

/** The messages of a refusal: the `errors` of a 400 (a value the form no longer takes), else the message. */
function refusalOf(error: unknown): { reason?: string; messages: string[] } {
  if (error instanceof HttpError && typeof error.body === 'object' && error.body !== null) {
    const errors = (error.body as { errors?: unknown }).errors;
    if (Array.isArray(errors)) {
      const items = errors as { field?: unknown; message?: unknown }[];
      const reason = items.find((item) => item.field === 'reason' && typeof item.message === 'string')?.message as string | undefined;
      const others = items.filter((item) => item.field !== 'reason' && typeof item.message === 'string').map((item) => `${String(item.field)}: ${String(item.message)}`);
      return { reason, messages: others };
    }
  }
  return { messages: [errorMessage(error)] };
}

/**
 * One correction request: each field's value on record beside the one asked for, the school's
 * note, and for an admin the decision: approve (an optional note) or reject (a reason, which the
 * school sees). The server's refusal is shown as it says it.
 */
export function CorrectionDecisionDialog({
  correction,
  canDecide,
  onDecide,
}: {
  correction: CorrectionView;
  canDecide: boolean;
  onDecide: (decision: CorrectionDecision, reason: string) => Promise<void>;
}) {
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const [refusal, setRefusal] = useState<string[]>([]);
  const [saving, setSaving] = useState<CorrectionDecision | null>(null);
  const open = correction.status === 'open';

  async function decide(decision: CorrectionDecision) {
    setRefusal([]);
    const checked = decision === 'reject' ? validateWith(correctionRejectionSchema, { reason }) : validateWith(correctionApprovalSchema, reason.trim() ? { reason } : {});
    if (!checked.success) {
      setReasonError(checked.fieldErrors.find((error) => error.field === 'reason')?.message ?? checked.messages[0]);
      return;
    }
    setReasonError(undefined);
    setSaving(decision);
    try {
      await onDecide(decision, reason.trim());
    } catch (error) {
      const refused = refusalOf(error);
      setReasonError(refused.reason);
      setRefusal(refused.messages);
      setSaving(null);
    }
  }

  return (
    <DialogContent className="max-w-2xl">
      <DialogHeader>
        <DialogTitle>Correction {correction.id}</DialogTitle>
        <DialogDescription>
          Candidate {correction.candidateCode} ({correction.candidateName}), asked by {requesterOf(correction)} on {dayAndTimeOf(correction.requestedAt)}.
          Status: {CORRECTION_STATUS_LABELS[correction.status]}.
        </DialogDescription>
      </DialogHeader>
      <div className="relative w-full overflow-x-auto rounded-md border border-slate-200" role="region" aria-label="Old and new values" tabIndex={0}>
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Old and new values of correction {correction.id}</caption>
          <thead className="bg-slate-50">
            <tr>
              <th scope="col" className="px-3 py-2">Field</th>
              <th scope="col" className="px-3 py-2">On record</th>
              <th scope="col" className="px-3 py-2">Asked for</th>
            </tr>
          </thead>
          <tbody>
            {correction.changes.map((change) => (
              <tr key={change.field} className="border-t border-slate-200 align-top">
                <th scope="row" className="px-3 py-2 font-medium">{change.label}</th>
                <td className="whitespace-pre-wrap break-words px-3 py-2">{shownValue(change.from)}</td>
                <td className="whitespace-pre-wrap break-words px-3 py-2 font-semibold">{shownValue(change.to)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {correction.note ? (
        <div className="rounded-md border border-slate-200 bg-slate-50 p-3 text-sm">
          <p className="font-semibold">The school wrote</p>
          <p className="whitespace-pre-wrap break-words" data-testid="correction-note">{correction.note}</p>
        </div>
      ) : null}
      {!open ? (
        <p className="text-sm" data-testid="correction-decision">
          {CORRECTION_STATUS_LABELS[correction.status]}
          {correction.decidedBy ? ` by ${correction.decidedBy}` : ''}
          {correction.decidedAt ? ` on ${dayAndTimeOf(correction.decidedAt)}` : ''}
          {correction.reason ? `: ${correction.reason}` : '.'}
        </p>
      ) : null}
      {open && canDecide ? (
        <form aria-label={`Decide correction ${correction.id}`} noValidate className="flex flex-col gap-4" onSubmit={(event) => event.preventDefault()}>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="correction-reason">Reason (required to reject; the school sees it)</Label>
            <Textarea
              id="correction-reason"
              rows={3}
              maxLength={CORRECTION_REASON_MAX}
              value={reason}
              aria-invalid={reasonError ? true : undefined}
              aria-describedby={reasonError ? 'correction-reason-error' : undefined}
              onChange={(event) => setReason(event.target.value)}
            />
            <FieldError id="correction-reason-error" message={reasonError} />
          </div>
          {refusal.length > 0 ? (
            <Alert variant="destructive">
              <AlertTitle>Not saved</AlertTitle>
              <AlertDescription>
                {refusal.map((message) => (
                  <span key={message} className="block">{message}</span>
                ))}
              </AlertDescription>
            </Alert>
          ) : null}
          <div className="flex flex-wrap gap-2">
            <Button type="button" disabled={saving !== null} onClick={() => void decide('approve')}>
              {saving === 'approve' ? 'Approving...' : 'Approve and change the record'}
            </Button>
            <Button type="button" variant="destructive" disabled={saving !== null} onClick={() => void decide('reject')}>
              {saving === 'reject' ? 'Rejecting...' : 'Reject'}
            </Button>
          </div>
        </form>
      ) : null}
    </DialogContent>
  );
}
