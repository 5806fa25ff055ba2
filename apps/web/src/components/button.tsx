// The button lives with the other primitives (components/ui, ADR 090); this path stays for existing imports.
export { Button, buttonClassName, buttonVariants, type ButtonProps, type ButtonVariant } from './ui/button';
