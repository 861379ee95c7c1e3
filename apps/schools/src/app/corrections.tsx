import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import { HttpError } from '@kbe/api-client';
import { Alert, AlertDescription, Badge, Button, Input, Label, NativeSelect, Textarea, type BadgeProps } from '@kbe/ui';
import {
  CORRECTABLE_FIELDS,
  CORRECTION_REASON_MAX,
  type CorrectableField,
  type CorrectionRequestInput,
  type CorrectionStatus,
  type CorrectionValue,
  type CorrectionView,
  type PortalCandidateRow,
} from '@kbe/contracts/zod-free';

import { usePortalScreensMessages, type PortalScreensTranslate } from '../i18n/portal-screens.catalogue';
import { useSchoolsMessages } from '../i18n/schools.catalogue';
import { usePortalApi } from './portal-api';
import { failureText } from './portal-errors';
import { corrections as listCorrections, fieldErrorsOf, requestCorrection } from './portal-work-api';

/** A field as a select key of the catalogue (ICU keys have no dots). */
const fieldKey = (field: CorrectableField) => field.replace('.', '_');

/** The values the overview's row holds (the others are not in the list: their inputs start empty). */
function valuesOf(pupil: PortalCandidateRow | null): Partial<Record<CorrectableField, string>> {
  if (!pupil) return {};
  return {
    'personalDetails.fullName': pupil.name,
    'educationalDetails.standard': pupil.standard,
    'educationalDetails.kbeCategory': pupil.category,
  };
}

const STATUS_VARIANT: Record<CorrectionStatus, BadgeProps['variant']> = { open: 'accent', approved: 'success', rejected: 'destructive' };

function valueText(value: CorrectionValue, t: PortalScreensTranslate): string {
  if (value === null || value === '') return t('corrections.empty');
  if (typeof value === 'boolean') return t('corrections.orphan', { value: value ? 'yes' : 'no' });
  return value;
}

/**
 * Corrections (issue 27): asking the organisers to correct a pupil's details (the pupil chosen in
 * the overview, or a candidate code), and the school's or mentor's requests with their decisions.
 */
export function Corrections({ pupil = null }: { pupil?: PortalCandidateRow | null }) {
  const api = usePortalApi();
  const t = usePortalScreensMessages();
  const tSchools = useSchoolsMessages();
  const ids = useId();
  const [candidateCode, setCandidateCode] = useState(pupil?.candidateCode ?? '');
  const [values, setValues] = useState<Partial<Record<CorrectableField, string>>>(() => valuesOf(pupil));
  const [note, setNote] = useState('');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [sent, setSent] = useState<CorrectionView | null>(null);
  const [list, setList] = useState<CorrectionView[] | null>(null);
  const [listError, setListError] = useState<string | null>(null);
  const initial = valuesOf(pupil);

  // Another pupil chosen in the overview: the form starts again with that pupil's values.
  useEffect(() => {
    setCandidateCode(pupil?.candidateCode ?? '');
    setValues(valuesOf(pupil));
    setNote('');
    setError(null);
    setFieldErrors({});
    setSent(null);
  }, [pupil]);

  const loadList = useCallback(() => {
    listCorrections(api.client)
      .then((answer) => {
        setList(answer.items);
        setListError(null);
      })
      .catch((failure: unknown) => setListError(failureText(failure, tSchools)));
  }, [api, t]);

  useEffect(() => loadList(), [loadList]);

  /** Only the values given and different from the row's: the rest stays as it is on record. */
  const changes = (): CorrectionRequestInput['changes'] => {
    const asked: CorrectionRequestInput['changes'] = {};
    for (const field of CORRECTABLE_FIELDS) {
      const value = (values[field] ?? '').trim();
      if (value === '' || value === (initial[field] ?? '')) continue;
      asked[field] = field === 'orphanDetails.isOrphan' ? value === 'yes' : value;
    }
    return asked;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSending(true);
    setError(null);
    setFieldErrors({});
    setSent(null);
    try {
      const trimmedNote = note.trim();
      const request = await requestCorrection(api.client, { candidateCode: candidateCode.trim(), changes: changes(), ...(trimmedNote ? { note: trimmedNote } : {}) });
      setSent(request);
      setValues(valuesOf(pupil));
      setNote('');
      loadList();
    } catch (failure) {
      const byField = fieldErrorsOf(failure);
      setFieldErrors(byField);
      // 400: the messages beside their fields (and the others above); 409: the window, or a request already open.
      const unplaced = Object.entries(byField).filter(([field]) => !field.startsWith('changes.') && field !== 'note' && field !== 'candidateCode');
      if (Object.keys(byField).length === 0 || !(failure instanceof HttpError)) setError(failureText(failure, tSchools));
      else if (unplaced.length > 0) setError(unplaced.map(([, message]) => message).join(' '));
      else setError(t('corrections.fix'));
    } finally {
      setSending(false);
    }
  };

  const describedBy = (field: string) => (fieldErrors[field] ? `${ids}-${field}-error` : undefined);
  const fieldError = (field: string) =>
    fieldErrors[field] ? (
      <p id={`${ids}-${field}-error`} className="text-sm font-semibold text-red-800" data-testid={`error-${field}`}>
        {fieldErrors[field]}
      </p>
    ) : null;

  return (
    <section aria-labelledby={`${ids}-title`} className="flex flex-col gap-4" data-testid="corrections">
      <h2 id={`${ids}-title`} className="text-xl font-bold text-slate-900">
        {t('corrections.title')}
      </h2>
      <p className="text-slate-800">{t('corrections.text')}</p>

      <form aria-labelledby={`${ids}-form`} className="flex flex-col gap-4 rounded-lg border border-slate-300 bg-white p-4" noValidate onSubmit={(event) => void submit(event)}>
        <h3 id={`${ids}-form`} className="text-lg font-bold text-slate-900">
          {pupil ? t('corrections.askFor', { name: pupil.name }) : t('corrections.ask')}
        </h3>
        <div className="flex flex-col gap-1.5 sm:max-w-xs">
          <Label htmlFor={`${ids}-code`}>{t('corrections.candidateCode')}</Label>
          <Input
            id={`${ids}-code`}
            name="candidateCode"
            value={candidateCode}
            autoComplete="off"
            className="font-mono"
            aria-invalid={fieldErrors['candidateCode'] ? true : undefined}
            aria-describedby={describedBy('candidateCode')}
            onChange={(event) => setCandidateCode(event.target.value.toUpperCase())}
          />
          {fieldError('candidateCode')}
        </div>
        <fieldset className="min-w-0">
          <legend className="font-semibold text-slate-900">{t('corrections.fields')}</legend>
          <p className="mb-3 text-sm text-slate-700">{t('corrections.fieldsHint')}</p>
          {fieldError('changes')}
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
            {CORRECTABLE_FIELDS.map((field) => {
              const id = `${ids}-${fieldKey(field)}`;
              const errorField = `changes.${field}`;
              const common = {
                id,
                name: field,
                value: values[field] ?? '',
                'aria-invalid': fieldErrors[errorField] ? true : undefined,
                'aria-describedby': describedBy(errorField),
              };
              return (
                <div key={field} className="flex min-w-0 flex-col gap-1.5">
                  <Label htmlFor={id}>{t('corrections.field', { field: fieldKey(field) })}</Label>
                  {field === 'orphanDetails.isOrphan' ? (
                    <NativeSelect {...common} onChange={(event) => setValues((previous) => ({ ...previous, [field]: event.target.value }))}>
                      <option value="">{t('corrections.orphan', { value: 'unchanged' })}</option>
                      <option value="yes">{t('corrections.orphan', { value: 'yes' })}</option>
                      <option value="no">{t('corrections.orphan', { value: 'no' })}</option>
                    </NativeSelect>
                  ) : (
                    <Input
                      {...common}
                      type={field === 'personalDetails.dateOfBirth' ? 'date' : field === 'contactDetails.email' ? 'email' : 'text'}
                      inputMode={field.endsWith('phoneNumber') || field === 'permanentAddress.pin' ? 'numeric' : undefined}
                      autoComplete="off"
                      onChange={(event) => setValues((previous) => ({ ...previous, [field]: event.target.value }))}
                    />
                  )}
                  {fieldError(errorField)}
                </div>
              );
            })}
          </div>
        </fieldset>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${ids}-note`}>{t('corrections.note')}</Label>
          <Textarea
            id={`${ids}-note`}
            name="note"
            value={note}
            maxLength={CORRECTION_REASON_MAX}
            rows={3}
            aria-invalid={fieldErrors['note'] ? true : undefined}
            aria-describedby={describedBy('note')}
            onChange={(event) => setNote(event.target.value)}
          />
          {fieldError('note')}
        </div>
        <div>
          <Button type="submit" disabled={sending} aria-busy={sending}>
            {t('corrections.submit')}
          </Button>
        </div>
        {error ? (
          <Alert variant="destructive" data-testid="correction-error">
            <AlertDescription>{error}</AlertDescription>
          </Alert>
        ) : null}
        <p role="status" className="font-semibold text-green-800" data-testid="correction-sent">
          {sent ? t('corrections.sent', { id: sent.id }) : ''}
        </p>
      </form>

      <section aria-labelledby={`${ids}-list`} className="flex flex-col gap-2">
        <h3 id={`${ids}-list`} className="text-lg font-bold text-slate-900">
          {t('corrections.list')}
        </h3>
        {listError ? (
          <Alert variant="destructive">
            <AlertDescription>{listError}</AlertDescription>
          </Alert>
        ) : list === null ? null : list.length === 0 ? (
          <p className="text-slate-800">{t('corrections.none')}</p>
        ) : (
          <ul className="flex flex-col gap-3" data-testid="correction-list">
            {list.map((item) => (
              <li key={item.id} className="rounded-lg border border-slate-300 bg-white p-3 text-sm text-slate-800" data-testid={`correction-${item.id}`}>
                <p className="flex flex-wrap items-center gap-2 text-slate-900">
                  <span className="font-semibold">{item.candidateName}</span>
                  <span className="font-mono">{item.candidateCode}</span>
                  <Badge variant={STATUS_VARIANT[item.status]}>{t('corrections.status', { status: item.status })}</Badge>
                </p>
                <p>
                  {item.id} · {t('corrections.requestedAt', { date: new Date(item.requestedAt) })}
                </p>
                <dl className="mt-2 grid grid-cols-1 gap-x-3 gap-y-1 sm:grid-cols-[minmax(0,14rem)_1fr]">
                  {item.changes.map((change) => (
                    <div key={change.field} className="contents">
                      <dt className="font-semibold">{t('corrections.field', { field: fieldKey(change.field) })}</dt>
                      <dd className="break-words">{t('corrections.change', { from: valueText(change.from, t), to: valueText(change.to, t) })}</dd>
                    </div>
                  ))}
                </dl>
                {item.note ? <p className="mt-1 break-words">{t('corrections.yourNote', { note: item.note })}</p> : null}
                {item.reason ? (
                  <p className="mt-1 break-words font-semibold" data-testid="correction-reason">
                    {t('corrections.reason', { reason: item.reason })}
                  </p>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </section>
    </section>
  );
}

export default Corrections;
