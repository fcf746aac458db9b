// What other features may use of the shop: the stored cards (managed from the account) and the card form.
export { addCard, deleteCard, GatewayRefusal, loadCards, setDefaultCard, type CardInput, type StoredCard } from './payment';
export { CardForm } from './screens/CardForm';
