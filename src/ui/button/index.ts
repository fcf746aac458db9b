export { Button, ButtonLink, ButtonAnchor, buttonClass, type ButtonProps, type ButtonLinkProps, type ButtonVariant } from './Button';
