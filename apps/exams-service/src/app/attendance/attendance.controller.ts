import { Body, Controller, Get, HttpCode, HttpStatus, Param, Post, Put, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import { attendanceImportSchema, attendanceQuerySchema, roomAttendanceSchema } from '@kbe/contracts';
import { AdminOnly } from '@kbe/server-auth';
import { ZodValidationPipe } from '@kbe/server-bootstrap';
import type { z } from 'zod';
import { centreCodeParam } from '../centres/centre.requests';
import { CentreAttendance } from './centre-attendance';

/** Attendance of a centre's papers, after the exam (admin token required; marks need the admin role). */
@ApiTags('admin attendance')
@AdminOnly()
@Controller('admin/centres/:code/attendance')
export class AttendanceController {
  constructor(private readonly attendance: CentreAttendance) {}

  @Get()
  @ApiOperation({ summary: "The centre's rooms of the level, each seat with its mark (absent: null until the room is recorded)." })
  @ApiOkResponse({ description: '{ success, data: rooms }' })
  @ApiNotFoundResponse({ description: 'No centre has this code' })
  async rooms(@Param('code', new ZodValidationPipe(centreCodeParam)) code: string, @Query(new ZodValidationPipe(attendanceQuerySchema)) query: z.output<typeof attendanceQuerySchema>) {
    return { success: true, data: await this.attendance.rooms(code, query.level) };
  }

  @Put()
  @ApiOperation({ summary: "Records one room's attendance: the listed roll numbers were absent, every other seat of the room sat the paper." })
  @ApiOkResponse({ description: '{ success, data: room }' })
  @ApiBadRequestResponse({ description: 'A malformed body' })
  @ApiUnprocessableEntityResponse({ description: 'A roll number not seated in that room' })
  @ApiNotFoundResponse({ description: 'No centre has this code, or the room has no seats of the level' })
  async markRoom(@Param('code', new ZodValidationPipe(centreCodeParam)) code: string, @Body(new ZodValidationPipe(roomAttendanceSchema)) body: z.output<typeof roomAttendanceSchema>) {
    return { success: true, data: await this.attendance.markRoom(code, body.level, body.room, body.absentRollNumbers) };
  }

  @Post('import')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: "Imports the centre's attendance (CSV: rollNumber, absent yes/no); dryRun checks every line; an import with a wrong line stores nothing." })
  @ApiOkResponse({ description: '{ success, data: { dryRun, marked, unchanged, problems } }' })
  @ApiNotFoundResponse({ description: 'No centre has this code' })
  async import(@Param('code', new ZodValidationPipe(centreCodeParam)) code: string, @Body(new ZodValidationPipe(attendanceImportSchema)) body: z.output<typeof attendanceImportSchema>) {
    return { success: true, data: await this.attendance.import(code, body.level, body.csv, body.dryRun) };
  }
}
