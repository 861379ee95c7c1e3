import { Module } from '@nestjs/common';

@Module({
	controllers: [],
	providers: [],
	exports: [],
})
export class ServerAuthModule {}
