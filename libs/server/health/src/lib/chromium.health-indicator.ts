import { Inject, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { chromium } from 'playwright-core';
import type { DependencyHealthIndicator } from './dependency-health-indicator';

export const CHROMIUM_EXECUTABLE_PATH = Symbol('CHROMIUM_EXECUTABLE_PATH');

/** How long a successful launch stays a valid answer: launching Chromium is too costly for every probe. */
const FRESH_FOR_MS = 30_000;

/**
 * Launches Chromium from CHROMIUM_PATH and reads its version. Concurrent checks share one
 * launch, and a success is reused for 30 s so that frequent probes do not each start a browser.
 */
@Injectable()
export class ChromiumHealthIndicator implements DependencyHealthIndicator, OnApplicationBootstrap {
  readonly dependency = 'chromium';
  readonly timeoutMs = 10_000;
  private inFlight?: Promise<Record<string, unknown>>;
  private lastSuccess?: { at: number; details: Record<string, unknown> };

  constructor(@Inject(CHROMIUM_EXECUTABLE_PATH) private readonly executablePath: string) {}

  /** Warms the check at start so the first health probe does not wait for a cold launch. */
  onApplicationBootstrap(): void {
    this.check().catch(() => undefined);
  }

  async check(): Promise<Record<string, unknown>> {
    if (this.lastSuccess && Date.now() - this.lastSuccess.at < FRESH_FOR_MS) return this.lastSuccess.details;
    this.inFlight ??= this.launch().finally(() => (this.inFlight = undefined));
    return this.inFlight;
  }

  private async launch(): Promise<Record<string, unknown>> {
    const checkedAt = new Date();
    const browser = await chromium.launch({
      executablePath: this.executablePath,
      args: ['--disable-gpu', '--disable-quic', '--disable-sync'],
      timeout: 10_000,
    });
    try {
      const details = { version: browser.version(), checkedAt: checkedAt.toISOString() };
      this.lastSuccess = { at: checkedAt.getTime(), details };
      return details;
    } finally {
      await browser.close();
    }
  }
}

/** Providers for `HealthModule.forRoot({ providers })` when the service renders with Chromium. */
export const chromiumHealthProviders = (executablePath: string) => [
  { provide: CHROMIUM_EXECUTABLE_PATH, useValue: executablePath },
];
