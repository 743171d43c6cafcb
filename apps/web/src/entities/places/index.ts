export { COUNTRY_ID, placeQueries, TOWN_SUGGESTIONS } from './place-queries';
export {
  CURRENT_TOWN,
  FormTownPicker,
  type TownForm,
  TownPicker,
  type TownPickerProps,
  townUpdate,
} from './town-picker';
