import { ADMIN_TYPE, INVITATION_LIFETIME_DAYS, JOIN_REQUEST_STATUS } from '@kindred/shared';
import type { Tx } from '../db/client.js';
import { insertOne } from '../db/insert.js';
import { newSingleUseCode } from '../lib/tokens.js';
import {
  employeeGroups,
  employeeSubGroupMembers,
  employeeSubGroups,
} from '../modules/employees/employees.table.js';
import { invitations, joinRequests } from '../modules/invitations/invitations.table.js';

/**
 * The demo organisation's employee groups with sub-groups and members, a person asking to join it
 * and an invitation waiting for an answer (decision 023).
 */
export async function seedDemoOrgPeople(
  tx: Tx,
  now: Date,
  people: { businessId: number; owner: number; signoff: number; employee: number; asker: number },
): Promise<void> {
  const created = { createdAt: now };
  const structure: Array<[string, string, Array<[string, number[]]>]> = [
    [
      'Engineering',
      'Everyone who builds the widgets.',
      [
        ['Platform', [people.owner, people.employee]],
        ['Mobile', []],
      ],
    ],
    [
      'Operations',
      'Finance, people and facilities.',
      [
        ['Finance', [people.signoff]],
        ['People', [people.owner]],
      ],
    ],
  ];
  for (const [name, description, subs] of structure) {
    const group = await insertOne(tx, employeeGroups, {
      businessId: people.businessId,
      name,
      description,
      ...created,
    });
    for (const [subName, members] of subs) {
      const sub = await insertOne(tx, employeeSubGroups, { groupId: group.id, name: subName, ...created });
      if (members.length > 0)
        await tx
          .insert(employeeSubGroupMembers)
          .values(members.map((userId) => ({ subGroupId: sub.id, userId, ...created })));
    }
  }

  await tx.insert(joinRequests).values({
    userId: people.asker,
    targetType: 'business',
    targetId: people.businessId,
    message: 'I joined the Leeds office this month.',
    status: JOIN_REQUEST_STATUS.pending,
    ...created,
  });

  // The code itself is not kept anywhere (only its hash): the demo invitation shows as waiting.
  await tx.insert(invitations).values({
    codeHash: newSingleUseCode().hash,
    email: 'new.starter@example.org',
    targetType: 'business',
    targetId: people.businessId,
    adminType: ADMIN_TYPE.employee,
    invitedBy: people.owner,
    expiresAt: new Date(now.getTime() + INVITATION_LIFETIME_DAYS * 86_400_000),
    ...created,
  });
}
