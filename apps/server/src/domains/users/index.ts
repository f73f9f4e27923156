// What the users domain offers the other domains and the transport: import it from here, never from a file
// inside (docs/architecture.md, "Boundaries").
export { deleteAvatar, getAvatar, uploadAvatar } from './avatar';
export { displayName, toUserDto } from './dto';
export {
  acceptPrivacyPolicy,
  changeForgottenPassword,
  changePassword,
  getUser,
  register,
  registerAndLogin,
  resetPassword,
  resetPasswordRequest,
  setExecutor,
  updateProfile,
} from './service';
