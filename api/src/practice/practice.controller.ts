import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { WholeNumberPath } from '../common/whole-number-param.js';
import { CurrentUser } from '../auth/current-user.decorator.js';
import type { User } from '../users/user.entity.js';
import { SkillStates } from '../skills/skill-states.service.js';
import { PracticeNextDto } from '../skills/dto/skills.dto.js';
import { AttemptsService, type ExerciseKey, practiceKey } from '../exercises/attempts.service.js';
import { chartDataBody, unnumberedChartData } from '../chart-data/chart-data.js';
import {
  CourseAccess,
  FREE_PRACTICE_CHARTS,
  PRACTICE_CHART_COUNT,
  PRACTICE_PLAN_COUNT,
  PRACTICE_ROUND,
} from '../course-catalogue/course-access.js';
import { PlansService, practicePlanExercise } from '../exercises/plans.service.js';
import { DecisionsService, practiceDecisionExercise } from '../exercises/decisions.service.js';
import { PracticeChartDto, PracticeDecisionDto, PracticePlanDto } from './dto/practice.dto.js';
import { PracticeCharts } from '../practice-charts/practice-charts.js';
import { PracticeGenerationResponses } from './generation-responses.js';
import { PracticePlaces } from './practice-places.js';
import { PRACTICE_INDEX } from '../course-catalogue/route-numbers.js';
import { practiceIndexServes, practiceScenarioRequest } from '../practice-charts/generation.js';
import { RequiresSession } from '../auth/session-decorators.js';
import { RealPracticeItems, realForChooser } from '../real-practice/real-practice-items.js';
import { CourseGateResponses } from '../course-catalogue/course-gate-responses.js';
import {
  PRACTICE_KINDS,
  type PracticeChoice,
  practiceItemSkills,
  type PracticeKind,
  type PracticeLimits,
  practiceReasonWords,
} from '@course/rules';
import type {
  PracticeChartBody,
  PracticeDecisionBody,
  PracticeItem,
  PracticeNextBody,
  PracticePlace,
  PracticePlanBody,
} from '@course/contract';

@ApiTags('practice')
@Controller('api/practice')
@RequiresSession()
export class PracticeController {
  constructor(
    private readonly access: CourseAccess,
    private readonly charts: PracticeCharts,
    private readonly attempts: AttemptsService,
    private readonly plans: PlansService,
    private readonly decisions: DecisionsService,
    private readonly skills: SkillStates,
    private readonly places: PracticePlaces,
    private readonly real: RealPracticeItems,
  ) {}

  // Before ':index', which would read "next" as an index.
  @Get('next')
  @ApiOperation({
    summary: 'The practice exercise the learner needs next, and why',
    description:
      'Chosen from the learner’s mastery of each skill: the weakest or most overdue skill a ' +
      'practice exercise can test among those the lessons the learner completed or may open ' +
      'teach, never one kind of exercise more than three times in a row. ' +
      'Answers its kind (zone, decision or plan), the first exercise of that kind the learner has ' +
      'not finished that tests the skill, else the first not finished (null when all are; after ' +
      'the first, each needs the Pro Plan), the skill and a sentence saying why. Never the ' +
      'exercise the learner has on screen in the portal (GET api/practice/place): asking ' +
      'again skips it, and it comes back later. Without the Pro Plan, chosen among the skills ' +
      'the unfinished free tasters serve, and described by the one given. After a simulated zone or take-or-skip exercise, the next ' +
      'plain one of that kind is a real chart or real decision (real: true, index among the ' +
      'learner’s real ones), so the two alternate.',
  })
  @ApiOkResponse({ type: PracticeNextDto })
  next(@CurrentUser() user: User): Promise<PracticeNextBody> {
    return this.choose(user.id);
  }

  // Before ':index', which would read "current" as an index.
  @Get('current')
  @ApiOperation({
    summary: 'The exercise Practise what I need has for the learner now',
    description:
      'The exercise on screen in the portal (GET api/practice/place, current) while it is ' +
      'neither passed nor its answer shown; otherwise the one GET api/practice/next chooses. ' +
      'The hub’s Practise next and the portal both show this one, so they always agree. Asking ' +
      'changes nothing: the portal keeps it as its current exercise (POST api/practice/place).',
  })
  @ApiOkResponse({ type: PracticeNextDto })
  async current(@CurrentUser() user: User): Promise<PracticeNextBody> {
    const place = await this.places.get(user.id);
    const { current } = place;
    if (current && !(await this.isFinished(user.id, current))) {
      const { kind, index, skill, reason, reasonData } = current;
      return {
        kind,
        index,
        skill,
        reason,
        ...(reasonData ? { reasonData } : {}),
        ...(current.real ? { real: true } : {}),
      };
    }
    return this.choose(user.id, place);
  }

  /** Whether the learner passed an exercise or used its tries (its answer is shown). */
  private async isFinished(
    userId: string,
    item: Pick<PracticeItem, 'kind' | 'index' | 'real'>,
  ): Promise<boolean> {
    const key: ExerciseKey = item.real
      ? { realIndex: item.index, kind: item.kind }
      : practiceKey(item.index, item.kind);
    return (await this.attempts.standing(userId, key)).revealed;
  }

  /**
   * The next exercise for the learner's weakest or most overdue skill, among the skills their
   * lessons have reached and the exercises they can open, never the one on screen.
   */
  private async choose(userId: string, known?: PracticePlace): Promise<PracticeNextBody> {
    // The place is read once: `current` has it already.
    const [place, access] = await Promise.all([
      known ?? this.places.get(userId),
      this.access.learner(userId),
    ]);
    const open = this.access.openPracticeOf(access);
    // The learner asks for another while one is on screen: they skip it, so it is not the answer.
    const current = place.current;
    const onScreen = (kind: PracticeKind) =>
      current?.kind === kind && !current.real ? current.index : undefined;
    const choice = await this.skills.next(userId, {
      reached: this.access.reachedSkills(access),
      // Without the Pro Plan the learner has the free tasters: the choice is made among what they
      // serve, so that it describes the chart given (a demand zone is not sold as supply).
      ...(access.subscribed ? {} : { offered: await this.tastersOnOffer(userId, onScreen) }),
    });
    const { kind, skill, reason, reasonData, zoneType } = choice;
    const count = kind === 'zone' ? PRACTICE_CHART_COUNT : PRACTICE_PLAN_COUNT;
    // Each exercise is made for one practice item (a fresh zone beside a tested one, a decision
    // to skip for freshness, ...): the first unfinished one made for the chosen skill that the
    // learner may open, else one open that tests it (a free taster); else one behind the
    // subscription wall made for it, so that the exercise is always what the reason says.
    const serves = (index: number) =>
      index !== onScreen(kind) && practiceIndexServes(userId, index, { kind, skill, zoneType });
    const tests = (index: number) =>
      index !== onScreen(kind) && practiceIndexTests(userId, index, { kind, skill, zoneType });
    const real = await this.realChoice(userId, choice, place.current, open);
    if (real !== null) {
      return {
        kind,
        index: real,
        skill,
        reason: practiceReasonWords(reasonData, true),
        reasonData,
        real: true,
      };
    }
    const index = await this.attempts.unfinishedPractice(userId, kind, count, [
      (at) => open(at) && serves(at),
      (at) => open(at) && tests(at),
      serves,
    ]);
    return { kind, index, skill, reason, reasonData };
  }

  /** Which choices the learner's unfinished free tasters (not the one on screen) test. */
  private async tastersOnOffer(
    userId: string,
    onScreen: (kind: PracticeKind) => number | undefined,
  ): Promise<NonNullable<PracticeLimits['offered']>> {
    const tasters = PRACTICE_KINDS.flatMap((kind) =>
      Array.from({ length: FREE_PRACTICE_CHARTS }, (_, at) => ({ kind, index: at + 1 })),
    ).filter(({ kind, index }) => index !== onScreen(kind));
    const finished = await Promise.all(
      tasters.map(({ kind, index }) => this.isFinished(userId, { kind, index })),
    );
    const onOffer = tasters.filter((_, at) => !finished[at]);
    return (choice) =>
      onOffer.some(
        ({ kind, index }) => kind === choice.kind && practiceIndexTests(userId, index, choice),
      );
  }

  /**
   * Real charts in "Practise what I need": after a simulated exercise of the same kind, a plain
   * zone to find or a take-or-skip choice (not one made for a concept or for a check to skip,
   * which only a simulated chart can promise) is asked on a real chart, so the two alternate.
   * Its place among the learner's real ones, or null for a simulated one.
   */
  private async realChoice(
    userId: string,
    choice: Awaited<ReturnType<SkillStates['next']>>,
    onScreen: PracticePlace['current'],
    open: (index: number) => boolean,
  ): Promise<number | null> {
    const { kind } = choice;
    if (kind === 'plan' || onScreen?.kind !== kind || onScreen.real) return null;
    if (kind === 'zone' ? choice.concept !== undefined : choice.skipBecause !== undefined) {
      return null;
    }
    const latest = await this.real.latest(userId, kind);
    return realForChooser(this.real, userId, kind, latest, {
      unfinished: async (index) =>
        !(await this.attempts.standing(userId, { realIndex: index, kind })).revealed,
      // The place must fit the portal's place (at most the count of the kind's exercises).
      mayOpen: (index) =>
        index <= (kind === 'zone' ? PRACTICE_CHART_COUNT : PRACTICE_PLAN_COUNT) && open(index),
      prefer: choice.zoneType,
    });
  }

  // Before ':index', which would read "decisions" as an index.
  @Get('decisions/:index')
  @CourseGateResponses()
  @PracticeGenerationResponses()
  @ApiOperation({
    summary: 'One of the learner’s own practice decisions: a zone given, take or skip',
    description:
      'A take-or-skip chart of the learner’s own (seeded by learner and index), with the zone ' +
      'and the next opposing zone (decisionSetup), the last answer (decisionReview) and the ' +
      'standing. Answers go to POST api/decisions {practice: index, take, reasons}. The first ' +
      'is free; the others answer 403 {subscriptionRequired: true} without the Pro Plan.',
  })
  @ApiOkResponse({ type: PracticeDecisionDto })
  async decision(
    @CurrentUser() user: User,
    @WholeNumberPath('index', PRACTICE_INDEX.decision, {
      description: 'Place in the portal',
      example: 1,
    })
    index: number,
  ): Promise<PracticeDecisionBody> {
    await this.access.requirePractice(user.id, index);
    const { fiveMinute, hourly } = await this.charts.decision(user.id, index);
    const exercise = practiceDecisionExercise(index, fiveMinute);
    const standing = await this.attempts.standing(user.id, exercise.key);
    return {
      ...unnumberedChartData(chartDataBody(exercise.chart, standing.revealed)),
      hourly: unnumberedChartData(chartDataBody(hourly, standing.revealed)),
      index,
      count: PRACTICE_PLAN_COUNT,
      free: FREE_PRACTICE_CHARTS,
      exercise: standing,
      decisionSetup: this.decisions.setup(exercise),
      decisionReview: await this.decisions.review(user.id, exercise),
    };
  }

  // Before ':index', which would read "plans" as an index.
  @Get('plans/:index')
  @CourseGateResponses()
  @PracticeGenerationResponses()
  @ApiOperation({
    summary: 'One of the learner’s own practice plans: a zone given, a trade to plan',
    description:
      'A trade-plan chart of the learner’s own (seeded by learner and index), with its zone, ' +
      'the next opposing zone and the money side (planSetup), the last graded plan (planReview) ' +
      'and the standing. Plans are sent to POST api/plans {practice: index, ...}; the model ' +
      'plan and what came next appear once passed or after three tries. The first is free; the ' +
      'others answer 403 {subscriptionRequired: true} without the Pro Plan.',
  })
  @ApiOkResponse({ type: PracticePlanDto })
  async plan(
    @CurrentUser() user: User,
    @WholeNumberPath('index', PRACTICE_INDEX.plan, {
      description: 'Place in the portal',
      example: 1,
    })
    index: number,
  ): Promise<PracticePlanBody> {
    await this.access.requirePractice(user.id, index);
    const exercise = practicePlanExercise(index, await this.charts.plan(user.id, index));
    const standing = await this.attempts.standing(user.id, exercise.key);
    return {
      ...unnumberedChartData(chartDataBody(exercise.chart, standing.revealed)),
      index,
      count: PRACTICE_PLAN_COUNT,
      free: FREE_PRACTICE_CHARTS,
      exercise: standing,
      planSetup: this.plans.setup(exercise),
      planReview: await this.plans.review(user.id, exercise),
    };
  }

  @Get(':index')
  @CourseGateResponses()
  @PracticeGenerationResponses()
  @ApiOperation({
    summary: 'One of the learner’s own practice charts, with its 1-hour twin',
    description:
      'Each learner has their own charts, simulated from a seed derived from the learner and the ' +
      'index: the same learner and index always get the same chart. The first chart is a free ' +
      'taster; the others answer 403 {subscriptionRequired: true} without the Pro Plan. The zone ' +
      '(hiddenpl, hiddenpl2), its explanation and what came next appear once the learner passed ' +
      'or used three tries (POST api/attempts {practice: index, lines}).',
  })
  @ApiOkResponse({ type: PracticeChartDto })
  async chart(
    @CurrentUser() user: User,
    @WholeNumberPath('index', PRACTICE_INDEX.chart, {
      description: 'Place in the portal',
      example: 1,
    })
    index: number,
  ): Promise<PracticeChartBody> {
    await this.access.requirePractice(user.id, index);
    const exercise = await this.attempts.standing(user.id, practiceKey(index));
    const { fiveMinute, hourly } = await this.charts.get(user.id, index);
    return {
      ...unnumberedChartData(chartDataBody(fiveMinute, exercise.revealed)),
      index,
      round: PRACTICE_ROUND,
      count: PRACTICE_CHART_COUNT,
      free: FREE_PRACTICE_CHARTS,
      exercise,
      hourly: unnumberedChartData(chartDataBody(hourly, exercise.revealed)),
    };
  }
}

/**
 * Whether the learner's practice exercise `index` tests the chosen skill, made for it or not
 * (every zone chart tests the zone's bounds), with a zone of the chosen type if one is named:
 * what a free taster can honestly be offered as.
 */
function practiceIndexTests(
  userId: string,
  index: number,
  choice: Pick<PracticeChoice, 'kind' | 'skill' | 'zoneType'>,
): boolean {
  const { zoneType, item } = practiceScenarioRequest(userId, index, choice.kind);
  if (choice.zoneType !== undefined && choice.zoneType !== zoneType) return false;
  return practiceItemSkills(item, zoneType).includes(choice.skill);
}
