import { authEnv, chromiumEnv, composeEnv, kafkaEnv, minioEnv, mongoEnv, serviceEnv } from '@kbe/server-config';
import type { z } from 'zod';

export const SERVICE_NAME = 'documents-service';

export const documentsEnvSchema = composeEnv(serviceEnv(3102), mongoEnv, kafkaEnv, minioEnv, authEnv, chromiumEnv);

export type DocumentsConfig = z.output<typeof documentsEnvSchema>;
