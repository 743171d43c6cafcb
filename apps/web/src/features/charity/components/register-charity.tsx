import { charityCreateBodySchema } from '@kindred/shared';
import { AccountRegisterScreen, type RegisterWords } from '@/entities/account';
import { useRegisterCharity } from '../api/register-charity';
import { emptyCharityValues, toCharityCreateBody } from '../lib/charity-values';
import { CharityFields } from './charity-fields';

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

/** The API names the town's point and name; the form has one town field. */
const SERVER_FIELDS: Record<string, string> = { latitude: 'city_id', longitude: 'city_id', city: 'city_id' };

/** `/charity/register`: a signed-in person applies to add a charity; it waits for a platform admin. */
export function RegisterCharityScreen() {
  const register = useRegisterCharity();
  return (
    <AccountRegisterScreen
      words={WORDS}
      kind="charity"
      initialValues={emptyCharityValues}
      schema={charityCreateBodySchema}
      toBody={toCharityCreateBody}
      register={register}
      fieldMap={SERVER_FIELDS}
      fields={(form) => <CharityFields form={form} />}
    />
  );
}
