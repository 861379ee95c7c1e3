import { errorMessage, HttpError, NetworkError } from './api-errors';

describe('errorMessage', () => {
  it("shows the server's words an HttpError carries", () => {
    expect(errorMessage(new HttpError(409, 'Candidate already exists', { error: 'Candidate already exists' }))).toBe('Candidate already exists');
  });

  it('shows the connection advice of a NetworkError', () => {
    expect(errorMessage(new NetworkError())).toBe('Could not reach the server. Please check your connection and try again.');
  });

  it('shows any other Error by its message, an empty one as empty', () => {
    expect(errorMessage(new TypeError('Failed to fetch'))).toBe('Failed to fetch');
    expect(errorMessage(new Error(''))).toBe('');
  });

  it('renders anything else that was thrown as String does', () => {
    expect(errorMessage('aborted')).toBe('aborted');
    expect(errorMessage(undefined)).toBe('undefined');
    expect(errorMessage({ status: 500 })).toBe('[object Object]');
  });
});
