// What "Send the link again" answers, loaded when it is clicked (ConfirmationBanner.tsx).
export { ZResendConfirmationAnswer } from '@meritmatch/contracts';
