import { AccountRegisterScreen, type RegisterWords } from '@/entities/account';
import { useRegisterOrganisation } from '../api/register-organisation';
import { organisationForm } from './organisation-fields';

const WORDS: RegisterWords = {
  title: 'Add your organisation',
  intro:
    'Give as a company: you become its Super Admin, choose who signs off its donations, and it can give once a Kindred admin has approved it.',
  submit: 'Add organisation',
  refused: 'Not added',
  done: 'Organisation added',
  waiting: 'a Kindred admin checks every new organisation before it can move money or be found by others.',
  next: '. Meanwhile you can complete its profile and choose its sign-off admins.',
  areaPath: '/organisation',
  areaLink: 'Go to your organisation',
};

/** `/organisation/register`: a signed-in person adds their organisation and becomes its Super Admin. */
export function RegisterOrganisationScreen() {
  const register = useRegisterOrganisation();
  return (
    <AccountRegisterScreen words={WORDS} kind="business" definition={organisationForm} register={register} />
  );
}
