import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsDefined,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import type { AnalyticsEvent, EventBatch, EventsAccepted } from '@course/contract';
import { CLIENT_EVENT_NAMES, type ClientEventName } from '../event-names.js';

/** Events one batch may hold: a page sends its batch at 20, so 50 leaves room and no more. */
export const MAX_EVENTS_PER_BATCH = 50;
/** Longest route stored: the app's paths are short; anything longer is not one of them. */
export const MAX_ROUTE_LENGTH = 120;
/** Longest time counted on one exercise visit: four hours is a tab left open, not work. */
export const MAX_DURATION_MS = 4 * 60 * 60 * 1000;
/** A path, no query string or fragment, no spaces. */
const ROUTE = /^\/[^?#\s]*$/;
/** Any millisecond time from 2000 to 2100: a clock further off is not a clock. */
const MIN_TIME_MS = Date.UTC(2000, 0, 1);
const MAX_TIME_MS = Date.UTC(2100, 0, 1);

/** One thing that happened in the page. */
export class AnalyticsEventDto implements AnalyticsEvent {
  @ApiProperty({ enum: CLIENT_EVENT_NAMES, example: 'page_view' })
  @IsIn(CLIENT_EVENT_NAMES, {
    message: `name must be one of: ${CLIENT_EVENT_NAMES.join(', ')}`,
  })
  name!: ClientEventName;

  @ApiProperty({
    description: 'When it happened, by the browser’s clock (milliseconds since 1970)',
    example: 1764230400000,
  })
  @IsInt({ message: 'at must be a time in milliseconds' })
  @Min(MIN_TIME_MS, { message: 'at must be a time in milliseconds' })
  @Max(MAX_TIME_MS, { message: 'at must be a time in milliseconds' })
  at!: number;

  @ApiPropertyOptional({
    description: 'The route shown (page_view): its path only, never a query string',
    example: '/register',
    maxLength: MAX_ROUTE_LENGTH,
  })
  @IsOptional()
  @Matches(ROUTE, { message: 'route must be a path such as /register, without ? or #' })
  @MaxLength(MAX_ROUTE_LENGTH, { message: `route must be at most ${MAX_ROUTE_LENGTH} characters` })
  @IsString({ message: 'route must be a path such as /register' })
  route?: string;

  @ApiPropertyOptional({ description: 'The lesson it happened in', example: 13 })
  @IsOptional()
  @IsInt({ message: 'lessonId must be a lesson id' })
  @Min(1, { message: 'lessonId must be a lesson id' })
  @Max(1_000_000, { message: 'lessonId must be a lesson id' })
  lessonId?: number;

  @ApiPropertyOptional({ description: 'The catalogue chart (the landing demo’s)', example: 3 })
  @IsOptional()
  @IsInt({ message: 'chartNumber must be a chart number' })
  @Min(1, { message: 'chartNumber must be a chart number' })
  @Max(1_000_000, { message: 'chartNumber must be a chart number' })
  chartNumber?: number;

  @ApiPropertyOptional({ description: 'A Practice Portal chart, by its place', example: 2 })
  @IsOptional()
  @IsInt({ message: 'practiceIndex must be a practice chart number' })
  @Min(1, { message: 'practiceIndex must be a practice chart number' })
  @Max(10_000, { message: 'practiceIndex must be a practice chart number' })
  practiceIndex?: number;

  @ApiPropertyOptional({
    description: 'Time with the exercise on screen (exercise_time), in milliseconds',
    example: 95000,
    maximum: MAX_DURATION_MS,
  })
  @IsOptional()
  @IsInt({ message: `durationMs must be whole milliseconds up to ${MAX_DURATION_MS}` })
  @Min(0, { message: `durationMs must be whole milliseconds up to ${MAX_DURATION_MS}` })
  @Max(MAX_DURATION_MS, {
    message: `durationMs must be whole milliseconds up to ${MAX_DURATION_MS}`,
  })
  durationMs?: number;

  @ApiPropertyOptional({
    description: 'Whether the chart was passed (practice_chart_done)',
    example: true,
  })
  @IsOptional()
  @IsBoolean({ message: 'passed must be true or false' })
  passed?: boolean;
}

/** What the app sends with navigator.sendBeacon when a page is hidden. */
export class EventBatchDto implements EventBatch {
  @ApiProperty({
    description: 'A random id the browser keeps in its own storage; names no person',
    format: 'uuid',
    example: '0b9f6f3e-5a7c-4d1e-9a53-2f3c1d7e8a90',
  })
  @IsUUID('all', { message: 'visitorId must be a random UUID' })
  @IsDefined({ message: 'visitorId must be a random UUID' })
  visitorId!: string;

  @ApiProperty({
    description:
      'When the batch was sent, by the browser’s clock: the server moves every event by the ' +
      'difference to its own clock, so a wrong clock in the browser does not shift them',
    example: 1764230460000,
  })
  @IsInt({ message: 'sentAt must be a time in milliseconds' })
  @Min(MIN_TIME_MS, { message: 'sentAt must be a time in milliseconds' })
  @Max(MAX_TIME_MS, { message: 'sentAt must be a time in milliseconds' })
  sentAt!: number;

  @ApiProperty({ type: [AnalyticsEventDto], maxItems: MAX_EVENTS_PER_BATCH })
  @ValidateNested({ each: true })
  @Type(() => AnalyticsEventDto)
  @ArrayMaxSize(MAX_EVENTS_PER_BATCH, {
    message: `events can hold at most ${MAX_EVENTS_PER_BATCH} events`,
  })
  @ArrayMinSize(1, { message: 'events must hold at least one event' })
  @IsArray({ message: 'events must be a list of events' })
  events!: AnalyticsEventDto[];
}

/** The answer: how many events were kept. */
export class EventsAcceptedDto implements EventsAccepted {
  @ApiProperty({
    description:
      'Events kept for the reports (0 when the browser sends Do Not Track or Global Privacy ' +
      'Control, or when the server is too busy to keep them)',
    example: 3,
  })
  accepted!: number;
}
