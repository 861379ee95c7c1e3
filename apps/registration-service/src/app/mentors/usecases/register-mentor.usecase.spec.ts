import { cityOf } from './register-mentor.usecase';

describe('cityOf', () => {
  it('takes the last part of an address as the city, without a PIN', () => {
    expect(cityOf('12 College Road, Nashik', 'Pune')).toBe('Nashik');
    expect(cityOf('Flat 3, Shanti Apts, Satpur, Nashik - 422007', 'Pune')).toBe('Nashik');
  });

  it('uses the school city when the address has no separate city part', () => {
    expect(cityOf('Near the temple', 'Nashik')).toBe('Nashik');
  });
});
