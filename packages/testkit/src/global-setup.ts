// The global setup lives with the infrastructure it starts; packages point vitest here.
export { default } from '@meritmatch/infra/testing/global-setup';
