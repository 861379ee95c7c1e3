import { Binary } from 'mongodb';
import { cancelledSms, type OutboundSms } from './outbound-message';
import { messageJson, packMessages, parseMessageJson, unpackMessages } from './packed-messages';

function message(index: number, extra: Partial<OutboundSms> = {}): OutboundSms {
  const code = `KBE${String(index).padStart(6, '0')}ABC`;
  return {
    id: `campaign-1:${code}`,
    campaignId: 'campaign-1',
    messageType: 'custom',
    to: `+9198${String(index).padStart(8, '0')}`,
    text: `KBE Young Scientist: ID ${code} exam update`,
    encoding: 'GSM-7',
    segments: 1,
    candidateCode: code,
    ...extra,
  };
}

describe('packed in-flight messages', () => {
  it('gives back the messages packed, in order, as the driver reads them back (BSON Binary) or as written', () => {
    const messages = [message(1), message(2, { candidateCode: undefined, id: 'event-9:+919800000002' }), message(3, { text: 'परीक्षा', encoding: 'UCS-2' })];
    const packed = packMessages(messages);
    const expected = messages.map(({ candidateCode, ...rest }) => (candidateCode ? { ...rest, candidateCode } : rest));
    expect(unpackMessages(packed)).toEqual(expected);
    expect(unpackMessages(new Binary(packed))).toEqual(expected);
  });

  it('stores the fields of the message only (not a claimed message\'s inDoubt)', () => {
    const [unpacked] = unpackMessages(packMessages([{ ...message(1), inDoubt: true } as OutboundSms]));
    expect(unpacked).toEqual(message(1));
  });

  it('is a small fraction of the messages as JSON strings for a campaign chunk', () => {
    const messages = Array.from({ length: 1_500 }, (_unused, index) => message(index));
    const asStrings = messages.reduce((sum, entry) => sum + Buffer.byteLength(messageJson(entry)), 0);
    expect(packMessages(messages).length).toBeLessThan(asStrings / 5);
  });

  it('leaves out what does not parse, and gives nothing for bytes that are not a packed list', () => {
    expect(unpackMessages(packMessages([message(1), { ...message(2), to: '12345' }]))).toEqual([message(1)]);
    expect(unpackMessages(Buffer.from('not deflated'))).toEqual([]);
  });

  it('keeps a cancelled message in its chunk with its number masked and no text, and its dead letter cannot be re-driven', () => {
    const cancelled = cancelledSms(message(5));
    expect(cancelled).toEqual({ ...message(5), to: '******0005', text: '', cancelled: true });
    expect(unpackMessages(packMessages([message(4), cancelled]))).toEqual([message(4), cancelled]);
    expect(messageJson(cancelled)).not.toContain('9800000005');
    expect(parseMessageJson(messageJson(cancelled))).toBeUndefined();
  });

  it('keeps one message as JSON text (dead letters) and reads it back', () => {
    expect(parseMessageJson(messageJson(message(4)))).toEqual(message(4));
    expect(parseMessageJson('{')).toBeUndefined();
  });
});
