export { GuardChecking, type GuardCheckingProps } from './GuardChecking.tsx';
export { SignedInGate, AdminGate, type SignedInGateProps, type AdminGateProps } from './Gates.tsx';
export { CodeRequired, codeRequiredMessages, type CodeRequiredProps } from './CodeRequired.tsx';
