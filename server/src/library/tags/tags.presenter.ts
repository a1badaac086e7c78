import type { Tag } from '@cw/contract';
import type { TagRow } from './tags.repository';

export const presentTag = (row: TagRow): Tag => ({
  id: row.id,
  name: row.name,
  user: row.userId,
  usage_count: row.usageCount,
});
