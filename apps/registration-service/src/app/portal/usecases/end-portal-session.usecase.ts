import { Inject, Injectable } from '@nestjs/common';
import type { PortalPrincipal } from '../portal-session';
import { PORTAL_SESSION_STORE, type PortalSessionStore } from '../portal-session.store';

/** Logout: the session's document goes, so its token is refused from the next request on. */
@Injectable()
export class EndPortalSessionUseCase {
  constructor(@Inject(PORTAL_SESSION_STORE) private readonly sessions: PortalSessionStore) {}

  async execute(principal: PortalPrincipal): Promise<void> {
    await this.sessions.remove(principal.tokenHash);
  }
}
