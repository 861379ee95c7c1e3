import { ApiProperty } from '@nestjs/swagger';
import { z } from 'zod';

export const loginSchema = z.object({
  username: z.string({ error: 'Username is required' }).trim().min(1, { error: 'Username is required' }).max(64),
  password: z.string({ error: 'Password is required' }).min(1, { error: 'Password is required' }).max(200),
});

export type LoginInput = z.output<typeof loginSchema>;

/** OpenAPI description of the login body (validated by `loginSchema`). */
export class LoginDto {
  @ApiProperty({ example: 'admin' })
  username!: string;

  @ApiProperty({ example: 'change-me-please' })
  password!: string;
}
