import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { groupMemberships, groups } from './groups.table.js';

/** SQL of the groups (explore reads them too, as a declared read model: decision 010). */
export const groupsRepository = {
  /** A deleted account leaves its groups. */
  async removeUserMemberships(db: Executor, userId: number) {
    await db.delete(groupMemberships).where(eq(groupMemberships.userId, userId));
  },
};

/** What other modules ask of the groups. */
export const groupsQueries = {
  /** The groups a person belongs to, by name (the session's group memberships). */
  membershipsOfUser(db: Executor, userId: number) {
    return db
      .select({
        group_id: groups.id,
        name: groups.name,
        group_type: groups.groupType,
        is_admin: groupMemberships.isAdmin,
      })
      .from(groupMemberships)
      .innerJoin(groups, eq(groups.id, groupMemberships.groupId))
      .where(eq(groupMemberships.userId, userId))
      .orderBy(groups.name);
  },
};
