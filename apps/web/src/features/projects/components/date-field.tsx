export {
  DateWithDefault,
  type DateWithDefaultProps,
  defaultDateHint,
} from '@/components/ui/date-with-default';
