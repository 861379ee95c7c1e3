export * from './lib/tracing';
export * from './lib/event-trace';
