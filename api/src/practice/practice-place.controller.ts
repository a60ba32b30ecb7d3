import { Body, Controller, Get, HttpCode, HttpStatus, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { PracticePlace } from '@course/contract';
import { CurrentUser } from '../auth/current-user.decorator.js';
import { RequiresSession } from '../auth/session-decorators.js';
import type { User } from '../users/user.entity.js';
import { KeptPracticePlaceDto, PracticePlaceDto } from './dto/practice-place.dto.js';
import { PracticePlaces } from './practice-places.js';

@ApiTags('practice')
@Controller('api/practice/place')
@RequiresSession()
export class PracticePlaceController {
  constructor(private readonly places: PracticePlaces) {}

  @Get()
  @ApiOperation({
    summary: 'Where the learner is in the Practice Portal',
    description:
      'The mode (needs: Practise what I need; zones, decisions, plans: the fixed rounds), the ' +
      'place in each round and the exercise Practise what I need has on screen, as last sent ' +
      'from any device. Before any: Practise what I need, each round at 1, no exercise yet.',
  })
  @ApiOkResponse({ type: KeptPracticePlaceDto })
  place(@CurrentUser() user: User): Promise<PracticePlace> {
    return this.places.get(user.id);
  }

  @Post()
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: 'Keep where the learner is in the Practice Portal',
    description:
      'Replaces the learner’s place with the one sent (so sending it twice is harmless) and ' +
      'answers it. current is the exercise GET api/practice/next chose, or null; its index ' +
      'must be one of the learner’s exercises of its kind; a place without real keeps the ' +
      'learner’s place in the real charts. The first answer to current is remembered as ' +
      'practice of its skill, which GET api/practice/next rests after two in a row. Bad values ' +
      'answer 400.',
  })
  @ApiOkResponse({ type: KeptPracticePlaceDto })
  keep(@CurrentUser() user: User, @Body() body: PracticePlaceDto): Promise<PracticePlace> {
    return this.places.save(user.id, body);
  }
}
