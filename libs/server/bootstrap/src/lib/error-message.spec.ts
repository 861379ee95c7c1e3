import { errorMessage } from './error-message';

describe('errorMessage', () => {
  it("reads an Error's message, not its name or stack", () => {
    expect(errorMessage(new TypeError('connection refused'))).toBe('connection refused');
  });

  it('keeps an empty message empty rather than falling back to the name', () => {
    expect(errorMessage(new Error(''))).toBe('');
  });

  it('renders anything else that was thrown as String does', () => {
    expect(errorMessage('timed out')).toBe('timed out');
    expect(errorMessage(42)).toBe('42');
    expect(errorMessage(undefined)).toBe('undefined');
    expect(errorMessage(null)).toBe('null');
    expect(errorMessage({ code: 11000 })).toBe('[object Object]');
  });
});
