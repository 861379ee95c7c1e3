import { authEnv, composeEnv, kafkaEnv, minioEnv, mongoEnv, serviceEnv } from '@kbe/server-config';
import type { z } from 'zod';

export const SERVICE_NAME = 'registration-service';

export const registrationEnvSchema = composeEnv(serviceEnv(3101), mongoEnv, kafkaEnv, minioEnv, authEnv);

export type RegistrationConfig = z.output<typeof registrationEnvSchema>;
