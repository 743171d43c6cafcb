/**
 * The page a giver reaches from a link in their mail, without signing in
 * (docs/product/card-gifts.md#manage-from-the-mail): `/manage/:token`.
 */
export { ManageScreen } from './components/manage-screen';
