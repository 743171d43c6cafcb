export {
  AMOUNT_MESSAGES,
  type AmountCheck,
  amountError,
  checkAmount,
  currencySymbol,
  parseAmount,
} from '@/lib/amount';
