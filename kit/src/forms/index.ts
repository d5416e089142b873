export { Dialog, type DialogProps } from './Dialog';
export { failureText, passwordErrorOf } from './failureText';
export { PasswordField, type PasswordFieldProps } from './PasswordField';
export { SubmitButton, type SubmitButtonProps } from './SubmitButton';
export { TextField, type TextFieldProps } from './TextField';
export { useSingleFlight } from './useSingleFlight';
