import { Inject, Injectable } from '@nestjs/common';
import { PORTAL_SESSION_MINUTES, type PortalSession } from '@kbe/contracts';
import { OtpService } from '@kbe/server-otp';
import { CLOCK, type Clock } from '../../common/clock';
import { PortalAccounts } from '../portal-accounts';
import { refuseOtp, signInAccount } from '../portal-errors';
import { newPortalToken, portalTokenHash } from '../portal-session';
import { PORTAL_SESSION_STORE, type PortalSessionStore } from '../portal-session.store';
import { PORTAL_OTP_PURPOSE } from './send-portal-otp.usecase';

/**
 * A right sign-in code opens a session: a random token, stored only as its hash, naming the
 * school or mentor and the school, for PORTAL_SESSION_MINUTES (docs/adr/0008).
 */
@Injectable()
export class StartPortalSessionUseCase {
  constructor(
    private readonly accounts: PortalAccounts,
    private readonly otp: OtpService,
    @Inject(PORTAL_SESSION_STORE) private readonly sessions: PortalSessionStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute(code: string, otp: string): Promise<PortalSession> {
    const account = signInAccount(await this.accounts.find(code));
    const verified = await this.otp.verify({ purpose: PORTAL_OTP_PURPOSE, subject: account.code }, otp);
    if (verified.kind !== 'verified') refuseOtp(verified);

    const token = newPortalToken();
    const now = this.clock.now();
    const expiresAt = new Date(now.getTime() + PORTAL_SESSION_MINUTES * 60_000);
    await this.sessions.create({ tokenHash: portalTokenHash(token), role: account.role, code: account.code, schoolCode: account.schoolCode, createdAt: now, expiresAt });
    return { token, expiresAt: expiresAt.toISOString(), role: account.role, code: account.code, name: account.name };
  }
}
