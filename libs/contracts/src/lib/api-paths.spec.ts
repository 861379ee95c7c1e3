import { API_PATHS } from './api-paths';
import { maskPhoneNumber } from './api-responses';

describe('API paths', () => {
  it('follows the section 7 table', () => {
    expect(API_PATHS.schoolsRegister).toBe('/api/schools/register');
    expect(API_PATHS.mentorsRegister).toBe('/api/mentors/register');
    expect(API_PATHS.candidatesRegister).toBe('/api/candidates/register');
    expect(API_PATHS.candidateSearch('KBE123456K7Q')).toBe('/api/candidates/search/KBE123456K7Q');
    expect(API_PATHS.candidateDownload('KBE123456K7Q', 'hall-ticket')).toBe('/api/candidates/KBE123456K7Q/download/hall-ticket');
    expect(API_PATHS.adminHallTicket('abc')).toBe('/api/admin/candidates/abc/hall-ticket');
  });

  it('encodes user input placed in a path', () => {
    expect(API_PATHS.candidateSearch('../admin?x=1')).toBe('/api/candidates/search/..%2Fadmin%3Fx%3D1');
  });
});

describe('maskPhoneNumber', () => {
  it('keeps only the last four digits', () => {
    expect(maskPhoneNumber('9876541234')).toBe('******1234');
    expect(maskPhoneNumber('123')).toBe('***');
  });
});
