import type { DataSourceOptions } from 'typeorm';
import { User } from '../users/user.entity.js';
import { CreateUsers1763700000000 } from './migrations/1763700000000-create-users.js';
export declare const ENTITIES: (typeof User)[];
export declare const MIGRATIONS: (typeof CreateUsers1763700000000)[];
/** TypeORM options for a PostgreSQL URL: the schema comes from migrations, never `synchronize`. */
export declare function dataSourceOptions(databaseUrl: string): DataSourceOptions;
