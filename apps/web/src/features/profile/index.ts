export { ChangeEmailForm, ChangePasswordForm, DeleteAccountForm } from './components/account-security';
export { AvatarUpload } from './components/avatar-upload';
export { ProfileForm } from './components/profile-form';
