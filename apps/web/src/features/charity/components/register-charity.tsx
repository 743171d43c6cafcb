import { AccountRegisterScreen, type RegisterWords } from '@/entities/account';
import { useRegisterCharity } from '../api/register-charity';
import { charityForm } from './charity-fields';

const WORDS: RegisterWords = {
  title: 'Register a charity',
  intro:
    'Tell us about your charity. You become its admin, and it appears on Kindred once a Kindred admin has approved it.',
  submit: 'Apply to register',
  refused: 'Not registered',
  done: 'Charity registered',
  waiting: 'a Kindred admin checks every new charity before it appears to the public.',
  next: ' or if we need anything. Meanwhile you can complete its profile and prepare projects; they can be published once it is approved.',
  areaPath: '/charity',
  areaLink: 'Go to your charity',
};

/** `/charity/register`: a signed-in person applies to add a charity; it waits for a platform admin. */
export function RegisterCharityScreen() {
  const register = useRegisterCharity();
  return <AccountRegisterScreen words={WORDS} kind="charity" definition={charityForm} register={register} />;
}
