import { erasedOutcomeFields } from './sms-erasure.repository';

describe('erasedOutcomeFields', () => {
  const CODE = 'KBE123456ABC';
  const message = (candidateCode: string, to: string, text: string) =>
    JSON.stringify({ id: `campaign-1:${candidateCode}`, campaignId: 'campaign-1', messageType: 'custom', to, text, encoding: 'GSM-7', segments: 1, candidateCode });

  it("masks the number and empties the text of the candidate's dead letter, and keeps the rest of the message", () => {
    const update = erasedOutcomeFields({ _id: `campaign-1:${CODE}`, message: message(CODE, '+919876541234', `KBE: ID ${CODE} exam update`) }, CODE);
    expect(update).toEqual({ message: message(CODE, '******1234', '') });
    // Done already: nothing to change.
    expect(erasedOutcomeFields({ _id: `campaign-1:${CODE}`, ...(update as { message: string }) }, CODE)).toBeUndefined();
  });

  it("leaves other candidates' dead letters alone, and blanks one of the candidate's that is not a message", () => {
    expect(erasedOutcomeFields({ _id: 'campaign-1:KBE999999XYZ', message: message('KBE999999XYZ', '+919876549999', 'text') }, CODE)).toBeUndefined();
    expect(erasedOutcomeFields({ _id: `x:${CODE}`, message: message('KBE999999XYZ', '+919876549999', 'text') }, CODE)).toBeUndefined();
    expect(erasedOutcomeFields({ _id: 'campaign-1:XKBE123456ABC', message: message('XKBE123456ABC', '+919876549999', 'text') }, CODE)).toBeUndefined();
    expect(erasedOutcomeFields({ _id: `campaign-1:${CODE}`, message: '{not json' }, CODE)).toEqual({ message: '' });
  });

  it("masks only the candidate's numbers in a provider receipt, and nothing once they are masked", () => {
    const receipt = {
      _id: 'receipt:req1',
      numbers: ['+919876541234', '+919876549999', '+919876541234'],
      ids: [`campaign-1:${CODE}`, 'campaign-1:KBE999999XYZ', `campaign-1:KBE777777SIB`],
    };
    const update = erasedOutcomeFields(receipt, CODE);
    // A sibling with the same phone keeps it in its own entry: it is that candidate's record.
    expect(update).toEqual({ numbers: ['******1234', '+919876549999', '+919876541234'] });
    expect(erasedOutcomeFields({ ...receipt, ...(update as { numbers: string[] }) }, CODE)).toBeUndefined();
    expect(erasedOutcomeFields({ ...receipt, ids: ['campaign-1:KBE999999XYZ'], numbers: ['+919876549999'] }, CODE)).toBeUndefined();
  });
});
