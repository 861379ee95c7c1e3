import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { ContactController } from './contact.controller';
import {
  CONTACT_MESSAGE_REPOSITORY,
  ContactMessageDocument,
  ContactMessageSchema,
  MongoContactMessageRepository,
} from './contact-message.repository';

@Module({
  imports: [MongooseModule.forFeature([{ name: ContactMessageDocument.name, schema: ContactMessageSchema }])],
  controllers: [ContactController],
  providers: [{ provide: CONTACT_MESSAGE_REPOSITORY, useClass: MongoContactMessageRepository }],
  exports: [CONTACT_MESSAGE_REPOSITORY],
})
export class ContactModule {}
