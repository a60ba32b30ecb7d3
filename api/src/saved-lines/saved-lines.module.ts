import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CatalogueModule } from '../course-catalogue/catalogue.module.js';
import { SavedLines } from './saved-lines.entity.js';
import { SavedLinesService } from './saved-lines.service.js';

/**
 * The lines a learner carries from a "push line" lesson to the lessons that pull them: written
 * with the graded answer (exercises), read with the lesson (GET api/lessons/{path}/pulled-lines).
 */
@Module({
  imports: [TypeOrmModule.forFeature([SavedLines]), CatalogueModule],
  providers: [SavedLinesService],
  exports: [SavedLinesService],
})
export class SavedLinesModule {}
