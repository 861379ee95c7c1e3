export * from './lib/server-messaging.module';

