import { ADMIN_TYPE } from '@kindred/shared';
import { PERMISSIONS, type Permission, type Rule } from './permissions.js';

const ROLE_NAME: Record<number, string> = {
  [ADMIN_TYPE.superAdmin]: 'Super Admin',
  [ADMIN_TYPE.admin]: 'Admin',
  [ADMIN_TYPE.employee]: 'Employee',
};

function roles(adminTypes: readonly number[], member: string): string {
  const names = adminTypes.map((type) => ROLE_NAME[type] ?? String(type));
  if (names.length === 3) return `any ${member}`;
  return `${names.join(' or ')} of the ${member === 'member of the charity' ? 'charity' : 'organisation'}`;
}

/** Who holds a rule, in words. */
export function whoMay(rule: Rule): string {
  switch (rule.on) {
    case 'self':
      return 'the person themself';
    case 'platform':
      return `platform ${rule.adminTypes.map((type) => ROLE_NAME[type]).join(', ')}`;
    case 'business': {
      if (rule.adminTypes.length === 0) return 'the sign-off admins of the organisation';
      const base = roles(rule.adminTypes, 'member of the organisation');
      return rule.signoff ? `${base}, or its sign-off admins` : base;
    }
    case 'charity': {
      const base = roles(rule.adminTypes, 'member of the charity');
      return rule.grant ? `${base}, or a member granted \`${rule.grant}\`` : base;
    }
    case 'group':
      return rule.admin ? 'the admins of the group' : 'any member of the group';
    case 'project':
      return 'its project admins; the Super Admins and `manage_projects` members of the charity that runs or accepted it; its individual owner; the Super Admins and Admins of the organisation that owns it';
  }
}

export const accessTable = (
  Object.entries(PERMISSIONS) as Array<[Permission, (typeof PERMISSIONS)[Permission]]>
).map(([permission, spec]) => ({ permission, rule: spec.rule, who: whoMay(spec.rule), what: spec.what }));
