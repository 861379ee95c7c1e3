import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiBody, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { AdminOnly, CurrentAdmin, type AuthenticatedAdmin } from '@kbe/server-auth';
import { ZodValidationPipe } from '@kbe/server-bootstrap';
import { LoginDto, loginSchema, type LoginInput } from './login.dto';
import { GetCurrentAdminUseCase } from './usecases/get-current-admin.usecase';
import { LoginUseCase, type LoginResult } from './usecases/login.usecase';

@ApiTags('admin')
@Controller('admin')
export class AdminAuthController {
  constructor(
    private readonly login: LoginUseCase,
    private readonly currentAdmin: GetCurrentAdminUseCase,
  ) {}

  @Post('login')
  @HttpCode(200)
  @ApiBody({ type: LoginDto })
  @ApiUnauthorizedResponse({ description: 'Invalid username or password' })
  signIn(@Body(new ZodValidationPipe(loginSchema)) body: LoginInput): Promise<LoginResult> {
    return this.login.execute(body.username, body.password);
  }

  @Get('me')
  @AdminOnly()
  async me(@CurrentAdmin() admin: AuthenticatedAdmin): Promise<{ user: AuthenticatedAdmin }> {
    return { user: await this.currentAdmin.execute(admin) };
  }
}
