import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { InjectConfig } from '@kbe/server-config';
import { errorMessage } from '@kbe/server-bootstrap';
import type { RegistrationConfig } from '../../registration.config';
import { CandidateEraser } from './candidate-eraser';
import { CandidateErasureStore } from './candidate-erasure.store';

/** Finishes erasures cut short (a restart halfway, MinIO or Kafka down): at start, then every ERASURE_RETRY_INTERVAL_MS. */
@Injectable()
export class ErasureWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(ErasureWorker.name);
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;

  constructor(
    private readonly erasures: CandidateErasureStore,
    private readonly eraser: CandidateEraser,
    @InjectConfig() private readonly config: RegistrationConfig,
  ) {}

  onApplicationBootstrap(): void {
    const pass = () => {
      this.running ??= this.finishUnfinished()
        .then(() => undefined)
        .catch((error: unknown) => this.logger.warn(`erasure pass failed, retried later: ${errorMessage(error)}`))
        .finally(() => (this.running = undefined));
    };
    pass();
    this.timer = setInterval(pass, this.config.ERASURE_RETRY_INTERVAL_MS);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  /** One pass; answers how many erasures it finished. */
  async finishUnfinished(): Promise<number> {
    let finished = 0;
    for (const code of await this.erasures.unfinished(100)) {
      if ((await this.eraser.resume(code)) === 'done') finished++;
    }
    if (finished > 0) this.logger.log(`finished ${finished} erasure(s) left unfinished`);
    await this.eraser.audit(await this.erasures.unaudited(100));
    return finished;
  }
}
