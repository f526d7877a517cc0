import { ApiKeyOrmEntity } from './api-key.orm-entity';
import { TeamOrmEntity } from './team.orm-entity';

export { ApiKeyOrmEntity, TeamOrmEntity };

export const ORM_ENTITIES = [TeamOrmEntity, ApiKeyOrmEntity];
