import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import { charitiesQueries } from '../charities/index.js';
import { groupsQueries } from '../groups/index.js';
import { organisationsQueries } from '../organisations/index.js';
import { projectsQueries } from '../projects/index.js';
import type { InvitationTargetType } from './invitations.repository.js';

/** The targets of invitations and join requests: their names and who already belongs to them. */
export function invitationTargets(ctx: AppContext) {
  const db = () => ctx.database.db;

  async function targetNames(rows: Array<{ targetType: InvitationTargetType; targetId: number }>) {
    const ids = (type: InvitationTargetType) =>
      rows.filter((r) => r.targetType === type).map((r) => r.targetId);
    const [business, charity, project, group] = await Promise.all([
      organisationsQueries.names(db(), ids('business')),
      charitiesQueries.names(db(), ids('charity')),
      projectsQueries.titles(db(), ids('project')),
      groupsQueries.names(db(), ids('group')),
    ]);
    return (type: InvitationTargetType, id: number): string => {
      if (type === 'business') return business.get(id) ?? 'An organisation';
      if (type === 'charity') return charity.get(id)?.name ?? 'A charity';
      if (type === 'project') return project.get(id) ?? 'A project';
      return group.get(id) ?? 'A group';
    };
  }

  /** Whether the person already belongs to the target. */
  async function isMember(executor: Executor, type: InvitationTargetType, targetId: number, userId: number) {
    if (type === 'business')
      return Boolean(await organisationsQueries.businessMembership(executor, targetId, userId));
    if (type === 'charity') return Boolean(await charitiesQueries.membership(executor, targetId, userId));
    return false;
  }

  /** The target an invitation names: it must exist (and not be deleted). */
  async function targetName(type: InvitationTargetType, id: number): Promise<string> {
    if (type === 'business') {
      const row = await organisationsQueries.find(db(), id);
      if (!row) throw notFound('The organisation');
      return row.name;
    }
    if (type === 'charity') {
      const row = await charitiesQueries.find(db(), id);
      if (!row) throw notFound('The charity');
      return row.name;
    }
    if (type === 'project') {
      const row = await projectsQueries.find(db(), id);
      if (!row) throw notFound('The project');
      return row.title;
    }
    const name = (await groupsQueries.names(db(), [id])).get(id);
    if (!name) throw notFound('The group');
    return name;
  }

  return { targetNames, isMember, targetName };
}
