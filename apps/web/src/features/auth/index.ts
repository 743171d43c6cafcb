export { ActivationCodeForm, ActivationResult, ResendActivationForm } from './components/activation';
export { LoginForm } from './components/login-form';
export { ForgotPasswordForm, ResetPasswordForm } from './components/password-reset';
export { RegisterForm } from './components/register-form';
