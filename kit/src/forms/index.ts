export { Dialog, type DialogProps } from './Dialog';
export { failureText } from './failureText';
export { PasswordField, type PasswordFieldProps } from './PasswordField';
export { passwordErrorOf } from './passwordError';
export { SubmitButton, type SubmitButtonProps } from './SubmitButton';
export { TextField, type TextFieldProps } from './TextField';
export { useSingleFlight } from './useSingleFlight';
