import { defineCatalogue } from './catalogue';

const en = { greeting: 'Hello', tickets: '{count, plural, one {# hall ticket} other {# hall tickets}}', fee: 'Fee: {amount, number}' };

function catalogue() {
  const loads = { mr: 0, hi: 0 };
  const messages = defineCatalogue(en, {
    mr: async () => {
      loads.mr += 1;
      return { default: { greeting: 'नमस्कार', tickets: '{count, plural, one {# प्रवेशपत्र} other {# प्रवेशपत्रे}}', fee: 'शुल्क: {amount, number}' } };
    },
    hi: async () => {
      loads.hi += 1;
      return { default: { greeting: 'नमस्ते' } };
    },
  });
  return { messages, loads };
}

describe('a message catalogue', () => {
  it('has English at once and formats ICU arguments the Indian way', () => {
    const { messages } = catalogue();
    expect(messages.format('en', 'greeting')).toBe('Hello');
    expect(messages.format('en', 'tickets', { count: 1 })).toBe('1 hall ticket');
    expect(messages.format('en', 'fee', { amount: 1250000 })).toBe('Fee: 12,50,000');
  });

  it('loads a language once, only when asked', async () => {
    const { messages, loads } = catalogue();
    expect(messages.loaded('mr')).toBeUndefined();
    await Promise.all([messages.load('mr'), messages.load('mr')]);
    expect(loads).toEqual({ mr: 1, hi: 0 });
    expect(messages.format('mr', 'greeting')).toBe('नमस्कार');
    expect(messages.format('mr', 'tickets', { count: 3 })).toBe('३ प्रवेशपत्रे');
  });

  it('falls back to English for a message a language lacks', async () => {
    const { messages } = catalogue();
    await messages.load('hi');
    expect(messages.format('hi', 'greeting')).toBe('नमस्ते');
    expect(messages.format('hi', 'fee', { amount: 100000 })).toBe('Fee: 1,00,000');
  });
});

describe('a language not loaded yet', () => {
  it('reads English formatted as English, and its own messages once loaded', async () => {
    const { messages } = catalogue();
    expect(messages.format('mr', 'tickets', { count: 3 })).toBe('3 hall tickets');
    await messages.load('mr');
    expect(messages.format('mr', 'tickets', { count: 3 })).toBe('३ प्रवेशपत्रे');
  });

  it('is loaded through a promise that says it is fulfilled once it is, as React reads it', async () => {
    const { messages } = catalogue();
    expect(messages.load('en')).toMatchObject({ status: 'fulfilled', value: messages.en });
    await messages.load('hi');
    expect(messages.load('hi')).toMatchObject({ status: 'fulfilled' });
  });
});
