import { content } from './content';

describe('content', () => {
  it('should work', () => {
    expect(content()).toEqual('content');
  })
})
