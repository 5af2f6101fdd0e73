// A confirmed account signed in through Auth: the functions' tests' own helper (@pentland/functions/testing).
export { signedIn, type SignedInUser } from '@pentland/functions/testing';
