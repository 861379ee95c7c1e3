/**
 * @jest-environment jsdom
 */
import { z } from './zod';

describe('z in a browser', () => {
  it('never probes for eval (the pages forbid it) and still validates', () => {
    const probe = jest.spyOn(globalThis, 'Function');
    const schema = z.object({ name: z.string().min(2, 'too short') });
    expect(schema.safeParse({ name: 'Asha' }).success).toBe(true);
    expect(schema.safeParse({ name: 'A' }).error?.issues[0]?.message).toBe('too short');
    expect(z.config().jitless).toBe(true);
    expect(probe).not.toHaveBeenCalled();
    probe.mockRestore();
  });
});
