export * from './lib/otp.policy';
export * from './lib/otp.store';
export * from './lib/otp.service';
export * from './lib/mongo.otp-store';
export * from './lib/otp.module';
