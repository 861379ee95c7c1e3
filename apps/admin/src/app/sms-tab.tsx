import { useCallback, useEffect, useState, type FormEvent } from 'react';
import {
  SMS_MAX_LENGTH,
  SMS_MESSAGES,
  SMS_RECIPIENT_GROUPS,
  SMS_RECIPIENT_GROUP_LABELS,
  SMS_SAMPLE_CANDIDATE_CODE,
  SMS_TEMPLATE_TYPES,
  SMS_TEMPLATES,
  countOf,
  fillSmsPlaceholders,
  type SmsHistoryItem,
  type SmsMessageType,
  type SmsRecipientGroup,
  type SmsRecipientGroupSize,
  type SmsSendResponse,
  type SmsTemplateType,
} from '@kbe/contracts';
import { Button, Card, CardContent, CardDescription, CardHeader, CardTitle, Input, Label, NativeSelect, Textarea, toast } from '@kbe/ui';

import { useAdminApi } from './admin-api';
import { useAdminUser } from './admin-guard';
import { isOverSmsLimit, SmsCounter } from './sms-counter';

type Mode = 'bulk' | 'single';

const TYPE_LABELS: Record<SmsMessageType, string> = {
  status: 'Registration status',
  'hall-ticket': 'Hall ticket released',
  certificate: 'Certificate released',
  custom: 'Custom message',
};

const errorText = (error: unknown) => (error instanceof Error && error.message ? error.message : SMS_MESSAGES.failedText);

type Templates = Record<SmsTemplateType, string>;

/**
 * Until admin-service has answered with its templates (`GET /api/sms/templates`, the portal address
 * it fills in), the shared texts with this page's address, which is the portal's own.
 */
const fallbackTemplates = (): Templates =>
  Object.fromEntries(
    SMS_TEMPLATE_TYPES.map((template) => [template, fillSmsPlaceholders(SMS_TEMPLATES[template], { portalUrl: window.location.origin })]),
  ) as Templates;

/** A typed number names no candidate: a template's candidate ID reads 'your registration' there. */
const SINGLE_CANDIDATE = 'your registration';

/**
 * The text one recipient receives, filled like notifications-service fills it: a group's
 * candidates each get their own code (the preview shows a sample of the same length), a typed
 * number gets none (`{candidateCode}` is emptied in a custom text).
 */
function sentText(mode: Mode, carried: string): string {
  return fillSmsPlaceholders(carried, { candidateCode: mode === 'bulk' ? SMS_SAMPLE_CANDIDATE_CODE : '' });
}

/** SMS Notifications tab (spec sections 2, 4, 5, 7, 8): compose, recent campaigns, provider. */
export function SmsTab() {
  const api = useAdminApi();
  const canWrite = useAdminUser().role === 'admin';
  const [mode, setMode] = useState<Mode>('bulk');
  const [type, setType] = useState<SmsMessageType>('status');
  const [group, setGroup] = useState<SmsRecipientGroup>('all');
  const [phone, setPhone] = useState('');
  const [message, setMessage] = useState('');
  const [sending, setSending] = useState(false);
  const [groups, setGroups] = useState<SmsRecipientGroupSize[] | null>(null);
  const [templates, setTemplates] = useState<Templates>(fallbackTemplates);
  const [history, setHistory] = useState<SmsHistoryItem[] | null>(null);
  const [historyError, setHistoryError] = useState<string | null>(null);

  const loadHistory = useCallback(() => {
    api.smsHistory(5).then(
      (answer) => {
        setHistory(answer.history);
        setHistoryError(null);
      },
      (error: unknown) => setHistoryError(errorText(error)),
    );
  }, [api]);

  useEffect(() => {
    loadHistory();
    api.smsRecipientGroups().then(setGroups, () => setGroups(null));
    api.smsTemplates().then(
      (answer) => setTemplates((current) => ({ ...current, ...Object.fromEntries(answer.map((t) => [t.template, t.text])) })),
      () => undefined,
    );
  }, [api, loadHistory]);

  const sizeOf = (g: SmsRecipientGroup) => groups?.find((entry) => entry.group === g)?.size;

  /**
   * What the request carries: the typed text, or a template (sent by name in bulk; in single mode
   * the client sends its text, the candidate ID reading 'your registration').
   */
  const carried =
    type === 'custom' ? message : mode === 'single' ? fillSmsPlaceholders(templates[type], { candidateCode: SINGLE_CANDIDATE }) : templates[type];
  /** The send endpoints limit the text a request carries to 160 characters; a bulk template is not limited. */
  const limited = type === 'custom' || mode === 'single' ? carried : null;
  const sent = sentText(mode, carried);
  const recipients = mode === 'single' ? 1 : sizeOf(group);

  async function send(event: FormEvent) {
    event.preventDefault();
    if (type === 'custom' && message.trim() === '') {
      toast({ title: SMS_MESSAGES.messageRequiredTitle, description: SMS_MESSAGES.messageRequired, variant: 'destructive' });
      return;
    }
    if (mode === 'single' && phone.trim() === '') {
      toast({ title: SMS_MESSAGES.phoneRequiredTitle, description: SMS_MESSAGES.phoneRequired, variant: 'destructive' });
      return;
    }
    // The server's own check (smsSendSchema), so that nothing it would refuse is sent.
    if (limited !== null && isOverSmsLimit(limited)) {
      toast({ title: SMS_MESSAGES.failedTitle, description: SMS_MESSAGES.tooLong, variant: 'destructive' });
      return;
    }
    setSending(true);
    try {
      let answer: SmsSendResponse;
      if (mode === 'single') {
        answer = await api.sendSms({ phoneNumber: phone.trim(), message: carried, messageType: type });
      } else if (type === 'custom') {
        answer = await api.sendSmsBulk({ recipients: group, message, messageType: 'custom' });
      } else {
        answer = await api.sendSmsTemplate({ recipients: group, template: type, data: {} });
      }
      toast({ title: SMS_MESSAGES.sentTitle, description: answer.message });
      if (type === 'custom') setMessage('');
      loadHistory();
    } catch (error) {
      toast({ title: SMS_MESSAGES.failedTitle, description: errorText(error), variant: 'destructive' });
    } finally {
      setSending(false);
    }
  }


  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-3">
      <Card className="min-w-0 lg:col-span-2">
        <CardHeader>
          <CardTitle as="h2">Send SMS</CardTitle>
          <CardDescription>Messages are queued and delivered in the background; the history shows their progress.</CardDescription>
        </CardHeader>
        <CardContent>
          <form aria-label="Send SMS" noValidate className="flex flex-col gap-4" onSubmit={(e) => void send(e)}>
            <fieldset className="flex flex-wrap gap-4">
              <legend className="mb-1 text-sm font-semibold">Mode</legend>
              {(['bulk', 'single'] as const).map((value) => (
                <label key={value} className="flex min-h-11 items-center gap-2 text-sm">
                  <input type="radio" name="sms-mode" value={value} checked={mode === value} onChange={() => setMode(value)} className="h-4 w-4" />
                  {value === 'bulk' ? 'Bulk (a group of candidates)' : 'Single (one number)'}
                </label>
              ))}
            </fieldset>
            <div className="flex flex-col gap-1.5">
              <Label htmlFor="sms-type">Message type</Label>
              <NativeSelect id="sms-type" value={type} onChange={(e) => setType(e.target.value as SmsMessageType)}>
                {(Object.keys(TYPE_LABELS) as SmsMessageType[]).map((value) => (
                  <option key={value} value={value}>
                    {TYPE_LABELS[value]}
                  </option>
                ))}
              </NativeSelect>
            </div>
            {mode === 'bulk' ? (
              <div className="flex flex-col gap-1.5">
                <Label htmlFor="sms-recipients">Recipients</Label>
                <NativeSelect id="sms-recipients" value={group} onChange={(e) => setGroup(e.target.value as SmsRecipientGroup)}>
                  {SMS_RECIPIENT_GROUPS.map((value) => {
                    const size = sizeOf(value);
                    return (
                      <option key={value} value={value}>
                        {SMS_RECIPIENT_GROUP_LABELS[value]}
                        {size === undefined ? '' : ` (${size})`}
                      </option>
                    );
                  })}
                </NativeSelect>
              </div>
            ) : (
              <div className="flex flex-col gap-1.5">
                <Label htmlFor="sms-phone">Phone number</Label>
                <Input id="sms-phone" type="tel" inputMode="tel" value={phone} onChange={(e) => setPhone(e.target.value)} aria-describedby="sms-phone-hint" className="min-h-11" />
                <p id="sms-phone-hint" className="text-xs text-slate-600">
                  A 10-digit Indian mobile number.
                </p>
              </div>
            )}
            {type === 'custom' ? (
              <div className="flex flex-col gap-1.5">
                <Label htmlFor="sms-message">Message</Label>
                <Textarea
                  id="sms-message"
                  rows={4}
                  maxLength={SMS_MAX_LENGTH}
                  value={message}
                  onChange={(e) => setMessage(e.target.value)}
                  aria-describedby="sms-message-hint sms-message-counter"
                />
                <p id="sms-message-hint" className="text-xs text-slate-600">
                  At most {SMS_MAX_LENGTH} characters. Unicode text (e.g. Devanagari) and {'{ } [ ] ~ \\ | ^ €'} take more room in an SMS.
                </p>
                {sent !== message && sent.trim() !== '' ? (
                  <p className="break-words rounded-md bg-slate-100 p-3 text-sm text-slate-800" data-testid="sms-message-preview">
                    As sent: {sent}
                  </p>
                ) : null}
                <SmsCounter id="sms-message-counter" limited={limited} sent={sent} recipients={recipients} />
              </div>
            ) : (
              <div className="flex flex-col gap-1.5">
                <p className="text-sm font-semibold">Template</p>
                <p className="break-words rounded-md bg-slate-100 p-3 text-sm text-slate-800" data-testid="sms-template-preview">
                  {sent}
                </p>
                <p className="text-xs text-slate-600">
                  {mode === 'bulk' ? `As candidate ${SMS_SAMPLE_CANDIDATE_CODE} receives it; every candidate gets their own ID.` : 'As the number receives it.'}
                </p>
                <SmsCounter id="sms-template-counter" limited={limited} sent={sent} recipients={recipients} />
              </div>
            )}
            <Button type="submit" disabled={!canWrite || sending} title={canWrite ? undefined : 'Viewers cannot send SMS'}>
              {sending ? 'Sending...' : 'Send SMS'}
            </Button>
          </form>
        </CardContent>
      </Card>
      <div className="flex min-w-0 flex-col gap-4">
        <Card>
          <CardHeader>
            <CardTitle as="h2">SMS Provider</CardTitle>
          </CardHeader>
          <CardContent className="text-sm text-slate-800">
            <p>
              Account: <span className="font-mono">AC••••••••7f3e</span>
            </p>
            <p>
              Service status: <span className="font-semibold text-green-800">Active</span>
            </p>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle as="h2">Recent campaigns</CardTitle>
          </CardHeader>
          <CardContent>
            {historyError ? (
              <p role="alert" className="text-sm text-red-700">
                {historyError}
              </p>
            ) : history === null ? (
              <p role="status" className="text-sm text-slate-700">
                Loading history...
              </p>
            ) : history.length === 0 ? (
              <p className="text-sm text-slate-700">No SMS sent yet</p>
            ) : (
              <ul className="flex flex-col gap-3" data-testid="sms-history">
                {history.map((item) => (
                  <li key={item.id} className="rounded-md border border-slate-200 p-3 text-sm">
                    <p className="font-semibold">
                      {TYPE_LABELS[item.type]} → {SMS_RECIPIENT_GROUP_LABELS[item.recipients as SmsRecipientGroup] ?? item.recipients}
                    </p>
                    <p className="text-slate-700">{new Date(item.timestamp).toLocaleString('en-IN')}</p>
                    <p className="text-slate-800">
                      {countOf(item.recipientCount, 'recipient')}: {item.successCount} delivered, {item.failedCount} failed, {item.queuedCount} queued
                    </p>
                  </li>
                ))}
              </ul>
            )}
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
