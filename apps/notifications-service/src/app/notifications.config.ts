import { authEnv, composeEnv, kafkaEnv, mongoEnv, serviceEnv } from '@kbe/server-config';
import type { z } from 'zod';

export const SERVICE_NAME = 'notifications-service';

export const notificationsEnvSchema = composeEnv(serviceEnv(3104), mongoEnv, kafkaEnv, authEnv);

export type NotificationsConfig = z.output<typeof notificationsEnvSchema>;
