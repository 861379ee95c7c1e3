import { Body, Controller, Get, Inject, Post, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CONTACT_MESSAGES, contactMessageSchema, listPageQuery, type ContactMessage } from '@kbe/contracts';
import { AdminOnly } from '@kbe/server-auth';
import { ZodValidationPipe } from '@kbe/server-bootstrap';
import { z } from 'zod';
import { CLOCK, type Clock } from '../common/clock';
import { ContractValidationPipe } from '../common/contract-validation.pipe';
import { pageRequest, paginationOf } from '../common/pagination';
import { RateLimited } from '../common/rate-limit';
import { CONTACT_MESSAGE_REPOSITORY, type ContactMessageRepository } from './contact-message.repository';

const contactListQuerySchema = z.strictObject(listPageQuery);

/** Contact form messages: stored (DECISIONS), listed for admins. Too small for a use-case layer. */
@ApiTags('contact')
@Controller('contact')
export class ContactController {
  constructor(
    @Inject(CONTACT_MESSAGE_REPOSITORY) private readonly messages: ContactMessageRepository,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  @Post()
  @RateLimited('contact')
  @ApiOperation({ summary: 'Send a message from the contact form.' })
  @ApiCreatedResponse({ description: '{ success, message, data: { id } }' })
  async send(@Body(new ContractValidationPipe(contactMessageSchema)) body: ContactMessage) {
    const stored = await this.messages.add(body, this.clock.now());
    return { success: true, message: CONTACT_MESSAGES.sentText, title: CONTACT_MESSAGES.sentTitle, data: { id: stored.id } };
  }

  @Get()
  @AdminOnly()
  @ApiOperation({ summary: 'Contact messages, newest first (admin).' })
  async list(@Query(new ZodValidationPipe(contactListQuerySchema)) query: z.output<typeof contactListQuerySchema>) {
    const page = pageRequest(query);
    const found = await this.messages.list(page);
    return { success: true, data: { messages: found.items, pagination: paginationOf(page, found.total) } };
  }
}
