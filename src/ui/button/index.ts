export { Button, ButtonLink, ButtonAnchor, buttonClass, type ButtonVariant } from './Button';
