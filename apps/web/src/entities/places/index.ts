export { COUNTRY_ID, placeQueries, TOWN_SUGGESTIONS } from './place-queries';
export {
  CURRENT_TOWN,
  FormPlaceInputs,
  FormTownPicker,
  type PlaceForm,
  type TownForm,
  TownPicker,
  type TownPickerProps,
  townUpdate,
} from './town-picker';
