// What other features may use of the shop: the stored cards (managed from the account) and the card form.
export { deleteCard, loadCards, setDefaultCard, type StoredCard } from './payment';
export { CardForm } from './screens/CardForm';
export { cardLine } from './card-line';
