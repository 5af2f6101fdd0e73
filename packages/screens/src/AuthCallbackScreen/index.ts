export {
  AuthCallbackScreen,
  type AuthCallbackScreenProps,
  type AuthCallbackScreenView,
} from './AuthCallbackScreen.tsx';
