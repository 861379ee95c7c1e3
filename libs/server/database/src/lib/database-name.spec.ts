import { databaseName } from './database-name';

describe('databaseName', () => {
  it('joins the prefix and the short service name', () => {
    expect(databaseName('kbe', 'registration-service')).toBe('kbe-registration');
    expect(databaseName('t1a2b3', 'admin')).toBe('t1a2b3-admin');
  });
});
