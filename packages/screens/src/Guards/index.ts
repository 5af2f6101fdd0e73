export { GuardChecking, type GuardCheckingProps } from './GuardChecking';
export { SignedInGate, AdminGate, type SignedInGateProps, type AdminGateProps } from './Gates';
export { CodeRequired, codeRequiredMessages, type CodeRequiredProps } from './CodeRequired';
