import { disableZodEvalProbe } from './no-eval.config';

describe('disableZodEvalProbe', () => {
  it('makes zod validate without ever calling Function (a CSP eval violation in the browser)', async () => {
    disableZodEvalProbe();
    const probe = jest.spyOn(globalThis, 'Function');
    const { z } = await import('zod');
    const schema = z.object({ name: z.string().min(2, 'too short') });
    expect(schema.safeParse({ name: 'Asha' }).success).toBe(true);
    expect(schema.safeParse({ name: 'A' }).error?.issues[0]?.message).toBe('too short');
    expect(z.config().jitless).toBe(true);
    expect(probe).not.toHaveBeenCalled();
    probe.mockRestore();
  });
});
