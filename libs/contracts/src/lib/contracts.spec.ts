import { contracts } from './contracts';

describe('contracts', () => {
  it('should work', () => {
    expect(contracts()).toEqual('contracts');
  })
})
