import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuthModule } from '../auth/auth.module.js';
import { CatalogueModule } from '../course-catalogue/catalogue.module.js';
import { ExercisesModule } from '../exercises/exercises.module.js';
import { PracticeChartsModule } from '../practice-charts/practice-charts.module.js';
import { PracticeController } from './practice.controller.js';
import { PracticePlaceController } from './practice-place.controller.js';
import { PracticePlaceRow } from './practice-place.entity.js';
import { PracticeRealController } from './practice-real.controller.js';
import { PracticePlaces } from './practice-places.js';
import { SkillStatesModule } from '../skills/skill-states.module.js';
import { RealPracticeModule } from '../real-practice/real-practice.module.js';

/**
 * The learner's practice portal (GET api/practice/...): their own charts, plans and decisions
 * with where they stand on each, their real charts (api/practice/real/{index}), and where the
 * learner is in the portal (api/practice/place).
 * The answers go to the exercise calls.
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([PracticePlaceRow]),
    AuthModule,
    CatalogueModule,
    ExercisesModule,
    PracticeChartsModule,
    RealPracticeModule,
    SkillStatesModule,
  ],
  // The place's controller first: PracticeController's ':index' would read "place" as an index.
  controllers: [PracticePlaceController, PracticeRealController, PracticeController],
  providers: [PracticePlaces],
})
export class PracticeModule {}
