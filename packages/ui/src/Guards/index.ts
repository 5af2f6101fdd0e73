export { GuardChecking, type GuardCheckingProps } from './GuardChecking';
export { SignedInGate, AdminGate, type SignedInGateProps, type AdminGateProps } from './Gates';
