import { Body, Controller, Get, HttpCode, Param, Post, Req, Res } from '@nestjs/common';
import { ApiExcludeController, ApiTags, ApiTooManyRequestsResponse, ApiUnauthorizedResponse } from '@nestjs/swagger';
import {
  ADMIN_MESSAGES,
  adminLoginSchema,
  type AdminLoginResponse,
  type AdminLogoutResponse,
  type AdminMeResponse,
} from '@kbe/contracts';
import { AdminOnly, CurrentAdmin, InternalOnly, ViewerMayCall, type AuthenticatedAdmin } from '@kbe/server-auth';
import { ZodValidationPipe } from '@kbe/server-bootstrap';
import type { z } from 'zod';
import { AuditLog, type RequestOrigin } from '../audit/audit-log';
import { MongoRevokedTokenStore } from './revoked-token.store';
import { GetCurrentAdminUseCase } from './usecases/get-current-admin.usecase';
import { LoginThrottledException, LoginUseCase } from './usecases/login.usecase';

@ApiTags('admin')
@Controller('admin')
export class AdminAuthController {
  constructor(
    private readonly login: LoginUseCase,
    private readonly currentAdmin: GetCurrentAdminUseCase,
    private readonly revoked: MongoRevokedTokenStore,
    private readonly audit: AuditLog,
  ) {}

  @Post('login')
  @HttpCode(200)
  @ApiUnauthorizedResponse({ description: ADMIN_MESSAGES.invalidCredentials })
  @ApiTooManyRequestsResponse({ description: 'Too many failures for this account or address; see Retry-After.' })
  async signIn(
    @Body(new ZodValidationPipe(adminLoginSchema)) body: z.output<typeof adminLoginSchema>,
    @Req() request: RequestOrigin,
    @Res({ passthrough: true }) response: { setHeader(name: string, value: string): void },
  ): Promise<AdminLoginResponse> {
    try {
      return await this.login.execute(body.username, body.password, this.audit.addressOf(request));
    } catch (error) {
      if (error instanceof LoginThrottledException) response.setHeader('Retry-After', String(error.retryAfterSeconds));
      throw error;
    }
  }

  @Get('me')
  @AdminOnly()
  async me(@CurrentAdmin() admin: AuthenticatedAdmin): Promise<AdminMeResponse> {
    return { user: await this.currentAdmin.execute(admin) };
  }

  /** Revokes the token server-side: its `jti` is refused by every service until it expires. */
  @Post('logout')
  @HttpCode(200)
  @AdminOnly()
  @ViewerMayCall()
  async logout(@CurrentAdmin() admin: AuthenticatedAdmin, @Req() request: RequestOrigin): Promise<AdminLogoutResponse> {
    await this.revoked.revoke(admin.tokenId, new Date(admin.expiresAt * 1000));
    await this.audit.record(admin, request, { action: 'admin.logout', target: { type: 'admin', id: admin.username } });
    return { success: true, message: ADMIN_MESSAGES.loggedOut, data: null };
  }
}

/** Other services ask here whether a token was revoked (`x-internal-token`). */
@ApiExcludeController()
@Controller('internal/auth')
@InternalOnly()
export class InternalAuthController {
  constructor(private readonly revoked: MongoRevokedTokenStore) {}

  @Get('tokens/:jti')
  async token(@Param('jti') jti: string): Promise<{ revoked: boolean }> {
    return { revoked: await this.revoked.isRevoked(jti) };
  }
}
